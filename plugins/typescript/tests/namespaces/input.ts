/** Validation helpers, grouped. */
export namespace Validation {
  export interface StringValidator {
    isAcceptable(s: string): boolean;
  }

  const lettersRegexp = /^[A-Za-z]+$/;

  export class LettersOnlyValidator implements StringValidator {
    isAcceptable(s: string) {
      return lettersRegexp.test(s);
    }
  }

  export namespace Rules {
    export const MAX_LENGTH = 255;
  }
}

namespace App.Models.Billing {
  export function invoiceTotal(lines: number[]): number {
    return lines.reduce((a, b) => a + b, 0);
  }
}

module Legacy {
  export var version = '1.0';
}

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

declare module '*.svg' {
  const content: string;
  export default content;
}
