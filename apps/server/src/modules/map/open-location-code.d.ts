// The package (1.0.3, CommonJS) ships no types: the part the plus-code lookup uses.
declare module 'open-location-code' {
  export class OpenLocationCode {
    encode(latitude: number, longitude: number, codeLength?: number): string;
    isValid(code: string): boolean;
    isFull(code: string): boolean;
  }
}
