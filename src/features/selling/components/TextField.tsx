import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { LISTING_LIMITS } from '../../../../contract/selling.ts';
import { fieldClass, hintClass, labelClass } from './form-styles.ts';

type Props = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: string;
  optional?: boolean;
  /** Shown under the field and read with it. */
  hint?: ReactNode;
  /** The wrapper's classes (grid placement). */
  wrapperClassName?: string;
};

/** One labelled text field of the selling forms; `register(...)` from react-hook-form spreads into it. */
export function TextField({ id, label, optional = false, hint, wrapperClassName, ...input }: Props) {
  return (
    <div className={wrapperClassName}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {optional ? <span className="font-normal text-slate-500"> (optional)</span> : null}
      </label>
      <input id={id} type="text" aria-describedby={hint ? `${id}-hint` : undefined} className={fieldClass} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type DescriptionProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; length: number };

/** The optional description with its character counter, read with the field. */
export function DescriptionField({ id, length, ...textarea }: DescriptionProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Description <span className="font-normal text-slate-500">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={LISTING_LIMITS.description}
        aria-describedby={`${id}-count`}
        className={fieldClass}
        {...textarea}
      />
      <p id={`${id}-count`} className={`${hintClass} text-right`}>
        {length}/{LISTING_LIMITS.description}
      </p>
    </div>
  );
}
