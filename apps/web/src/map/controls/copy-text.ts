/** Puts text on the clipboard; the old selection-and-copy way where the Clipboard API is refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyBySelection(text);
  }
}

function copyBySelection(text: string): boolean {
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  try {
    // Deprecated, yet the one way left when the Clipboard API is unavailable (plain http, say).
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
