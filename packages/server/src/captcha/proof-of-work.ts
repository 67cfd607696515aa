export { NONCE_PATTERN, leadingZeroBits, meetsDifficulty, solvePowChallenge, type PowChallenge } from '@emporium/forms';
