import type { ReactNode } from 'react';
import { primaryButton } from './button-styles.ts';
import { StatusMessage } from './StatusMessage.tsx';

/** A failed load, announced as an alert, with the Try Again button that loads it again. */
export function LoadFailed({ title, onRetry, children }: { title: string; onRetry: () => void; children?: ReactNode }) {
  return (
    <StatusMessage
      tone="error"
      title={title}
      action={
        <button type="button" className={primaryButton} onClick={onRetry}>
          Try Again
        </button>
      }
    >
      {children}
    </StatusMessage>
  );
}
