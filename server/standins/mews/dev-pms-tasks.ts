import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { html, type SafeHtml } from '../../http/html.ts';

/** What Restay wrote on one demo reservation, as its staff would see it in Mews: tasks and notes. */
export interface DemoReservationWrites {
  tasks: { name: string; description: string | null; deadlineUtc: string }[];
  notes: string[];
}

/** The tasks (tasks/add) and notes (serviceOrderNotes/add) on each demo reservation, by reservation id. */
export async function demoReservationWrites(db: Kysely<Database>): Promise<Map<string, DemoReservationWrites>> {
  const [tasks, notes] = await Promise.all([
    db
      .selectFrom('demo_pms_tasks')
      .select(['service_order_id', 'name', 'description', 'deadline_utc'])
      .where('service_order_id', 'is not', null)
      .orderBy('created_utc')
      .execute(),
    db.selectFrom('demo_pms_order_notes').select(['order_id', 'text']).orderBy('created_utc').execute(),
  ]);
  const writes = new Map<string, DemoReservationWrites>();
  const of = (id: string) => {
    if (!writes.has(id)) writes.set(id, { tasks: [], notes: [] });
    return writes.get(id)!;
  };
  for (const task of tasks) {
    of(task.service_order_id!).tasks.push({
      name: task.name,
      description: task.description,
      deadlineUtc: new Date(task.deadline_utc).toISOString(),
    });
  }
  for (const note of notes) of(note.order_id).notes.push(note.text);
  return writes;
}

/** One reservation's tasks (with their deadline) and notes, for its row on /dev/pms. */
export function writesCell(writes: DemoReservationWrites | undefined): SafeHtml | string {
  if (!writes) return '—';
  const items = [
    ...writes.tasks.map(
      (task) =>
        html`<li>Task: <strong>${task.name}</strong> (by <time datetime="${task.deadlineUtc}">${task.deadlineUtc.slice(0, 16).replace('T', ' ')} UTC</time>)${
          task.description ? html`<br><small>${task.description}</small>` : ''
        }</li>`,
    ),
    ...writes.notes.map((note) => html`<li>Note: ${note}</li>`),
  ];
  return html`<ul class="writes">${items}</ul>`;
}
