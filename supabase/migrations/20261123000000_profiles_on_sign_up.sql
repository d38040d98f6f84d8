-- The server owns the profile row: listings and purchases reference profiles, so a person who signs up must
-- have one before they sell or buy, whatever the browser does. This is Supabase's documented trigger on
-- auth.users; the API also inserts the row (ON CONFLICT DO NOTHING) for every signed-in user it acts for,
-- and the browser's own insert after sign-in then meets 23505 (already there), which it treats as done.
-- The built-in auth server does the same at sign-in (server/auth/store.ts).

create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer set search_path = ''
as $$
begin
  insert into public.profiles (id, email) values (new.id, new.email) on conflict do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute procedure public.handle_new_user();

-- People who signed up before this trigger existed get their row now.
insert into public.profiles (id, email)
select id, email from auth.users
on conflict do nothing;
