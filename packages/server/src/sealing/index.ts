/** Secrets stored sealed (AES-256-GCM bound to their site and field), and the key that seals them. */
export { seal, unseal } from './sealing.js';
export { sealingKeySource } from './key-source.js';
