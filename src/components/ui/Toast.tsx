/** A short confirmation in the corner; role=status so screen readers announce it without moving focus. */
export function Toast({ message, tone = 'success' }: { message: string; tone?: 'success' | 'error' }) {
  return (
    <div
      role="status"
      className={`fixed right-4 bottom-4 z-50 rounded-lg px-4 py-3 text-sm font-medium text-white shadow-lg ${
        tone === 'success' ? 'bg-emerald-600' : 'bg-red-600'
      }`}
    >
      {message}
    </div>
  );
}
