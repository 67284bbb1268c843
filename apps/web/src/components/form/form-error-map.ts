// The form kit's messages for checks without their own: the contract's error map, which the
// server applies to every request too, so a screen and the server word a problem alike.
export { contractErrorMap as formErrorMap, fieldLabel } from '@paywallet/contract';
