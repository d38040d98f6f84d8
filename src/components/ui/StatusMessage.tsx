import type { ReactNode } from 'react';

type Props = {
  title: string;
  children?: ReactNode;
  tone?: 'neutral' | 'error';
  action?: ReactNode;
  /** When the message replaces a whole page, its title is the page's h1. */
  asPageHeading?: boolean;
};

/** The centred message used for empty, error and not-found states. Errors are announced as alerts. */
export function StatusMessage({ title, children, tone = 'neutral', action, asPageHeading = false }: Props) {
  const isError = tone === 'error';
  const Title = asPageHeading ? 'h1' : 'p';
  return (
    <div
      role={isError ? 'alert' : undefined}
      className={`mx-auto max-w-xl rounded-2xl border p-8 text-center ${
        isError ? 'border-red-200 bg-red-50 text-red-900' : 'border-slate-200 bg-white text-slate-700'
      }`}
    >
      <Title className={`text-lg font-semibold ${isError ? '' : 'text-slate-900'}`}>{title}</Title>
      {children ? <div className="mt-2 text-sm">{children}</div> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
