/** Photos as the hazards API takes them (base64) and as the detail shows them (a data: URL, nothing to release). */
export function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export async function base64Of(file: Blob): Promise<string> {
  return (await dataUrlOf(file)).replace(/^data:[^,]*,/, '');
}
