-- Restay's one table in a real Supabase project: profiles, with row-level security so that a signed-in person
-- can read, create and update only their own row (the same rules the built-in auth server enforces locally).
-- Apply with `supabase db push` or paste into the SQL editor. The row itself is created by the trigger in
-- 20261123000000_profiles_on_sign_up.sql. The columns must stay identical to server/db/migrations'
-- `profiles` (docs/decisions/0008-profiles-belong-to-the-server.md).

create table if not exists public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text,
  first_name text not null default '',
  last_name text not null default '',
  display_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

alter table public.profiles enable row level security;

create policy "profiles: read own row" on public.profiles
  for select to authenticated using ((select auth.uid()) = id);

create policy "profiles: insert own row" on public.profiles
  for insert to authenticated with check ((select auth.uid()) = id);

-- Upsert (INSERT ... ON CONFLICT DO UPDATE) needs the select, insert and update policies together.
create policy "profiles: update own row" on public.profiles
  for update to authenticated using ((select auth.uid()) = id) with check ((select auth.uid()) = id);
