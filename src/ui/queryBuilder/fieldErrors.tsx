import type { ReactNode } from 'react';
import type { QueryFormErrors, QueryFormField } from '../../state';
import { VisibleText } from '../common/VisibleText';

/** How a part of the builder shows the errors that belong to its inputs. */
export interface FieldErrors {
  readonly errors: QueryFormErrors;
  /** aria-invalid and aria-describedby for an input with an error (plus any other description ids). */
  props(field: QueryFormField, describedBy?: string): { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The error next to an input. */
  text(field: QueryFormField): ReactNode;
  /** DynamoDB's message about a whole part of the request, as an alert. */
  alert(field: 'keyCondition' | 'filter' | 'projection' | 'request'): ReactNode;
}

/** Prompts for empty inputs wait for Run; everything else (bad values, DynamoDB's messages) shows as the user types. */
function isEmptyPrompt(message: string): boolean {
  return message.startsWith('Enter a value for') || message.startsWith('Enter an attribute name');
}

/**
 * The errors shown, always as of the current input: bad values as the user
 * types; prompts for empty inputs only once Run has asked for them. An input
 * Run refused shows its current message, and none once it is fixed.
 */
export function createFieldErrors(idPrefix: string, liveErrors: QueryFormErrors, runErrors: QueryFormErrors): FieldErrors {
  const errors: QueryFormErrors = Object.fromEntries(
    Object.entries(liveErrors).filter(([field, message]) => message && (!isEmptyPrompt(message) || field in runErrors)),
  );
  const errorId = (field: QueryFormField) => `${idPrefix}-${field.replace(/[^A-Za-z0-9_-]/g, '_')}-error`;
  return {
    errors,
    props: (field, describedBy) => {
      const ids = [errors[field] ? errorId(field) : undefined, describedBy].filter(Boolean).join(' ');
      return { ...(errors[field] ? { 'aria-invalid': true as const } : {}), ...(ids ? { 'aria-describedby': ids } : {}) };
    },
    text: (field) =>
      errors[field] && (
        <span id={errorId(field)} className="field-error">
          <VisibleText text={errors[field]} />
        </span>
      ),
    alert: (field) =>
      errors[field] && (
        <p className="error-box small" role="alert">
          <VisibleText text={errors[field]} />
        </p>
      ),
  };
}
