/** svg-to-pdfkit ships no types: the one function the monthly report uses. */
declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    /** The registered font to use for an SVG font family. */
    fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    /** Read SVG units as PDF points (not CSS pixels). */
    assumePt?: boolean;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x: number,
    y: number,
    options?: SvgToPdfOptions,
  ): void;
}
