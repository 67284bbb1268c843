// A required field's asterisk is drawn by CSS (app/global.css) instead of Mantine's
// withAsterisk, so the label's text stays exactly the field's name: screen readers, browser
// tests and getByLabel('Password', { exact: true }) all read the same thing.
export const requiredLabelProps = { 'data-required': true } as const;

/** Spread on a TextInput / PasswordInput / Select that must be filled in. */
export const requiredField = { labelProps: requiredLabelProps, 'aria-required': true } as const;
