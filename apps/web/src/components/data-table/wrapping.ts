// The kit's wrapping rules a column opts into (data-table.css): `cellsClassName: BREAK_ANYWHERE`
// lets an e-mail or a URL break anywhere instead of widening its column past a 1280 px screen.
export const BREAK_ANYWHERE = 'pw-break-anywhere';
