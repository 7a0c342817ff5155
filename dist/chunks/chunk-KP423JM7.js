import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
var __toBinaryNode = Uint8Array.fromBase64 || ((base64) => new Uint8Array(Buffer.from(base64, "base64")));

export {
  __toBinaryNode
};
