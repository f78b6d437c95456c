/**
 * "Delete X" after a confirmation: the button (disabled for those who may not), and the dialog with
 * the failure's message if the delete fails; closing the dialog clears that message.
 */
import { ConfirmButton } from './confirm-button';

export function ConfirmDeleteButton({
  title,
  question,
  disabled = false,
  pending,
  error,
  onDelete,
  onReset,
}: {
  /** The button's and the dialog's title, e.g. "Delete Area". */
  title: string;
  question: string;
  disabled?: boolean;
  pending: boolean;
  error: string | null;
  onDelete: (done: () => void) => void;
  onReset: () => void;
}) {
  return (
    <ConfirmButton
      label={title}
      title={title}
      question={question}
      confirmLabel="Delete"
      color="red"
      variant="outline"
      disabled={disabled}
      pending={pending}
      error={error}
      onConfirm={onDelete}
      onReset={onReset}
    />
  );
}
