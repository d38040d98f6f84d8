import type { ReactNode } from 'react';

/** A form's errors: the red box, announced as an alert. Renders nothing when there is nothing to say. */
export function ErrorBox({
  messages,
  children,
}: {
  messages: readonly (string | null | undefined)[];
  children?: ReactNode;
}) {
  const shown = [...new Set(messages.filter((message): message is string => Boolean(message)))];
  if (shown.length === 0 && !children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {shown.length === 1 ? <p>{shown[0]}</p> : null}
      {shown.length > 1 ? (
        <ul className="list-disc space-y-1 pl-5">
          {shown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}

/** A form's field errors in the order of the fields, for the red box. */
export function fieldMessages(
  errors: Partial<Record<string, { message?: string | undefined } | undefined>>,
  order: readonly string[],
): string[] {
  return order.map((field) => errors[field]?.message).filter((message): message is string => Boolean(message));
}
