/** The text of each page of a PDF, read back with Mozilla's PDF.js (lines end with a newline). */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPageTexts(pdf: Uint8Array): Promise<string[]> {
  // PDF.js takes the buffer over: give it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const { items } = await (await document.getPage(n)).getTextContent();
      pages.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
