// The kit's wrapping rules a column opts into (data-table.css), so a table fits a 1280 px screen:
// `cellsClassName: BREAK_ANYWHERE` lets an e-mail or a URL break anywhere instead of widening its
// column; `titleClassName: WRAP_TITLE` lets a long title over narrow values (a short id) wrap
// between its words when the table is short of room.
export const BREAK_ANYWHERE = 'pw-break-anywhere';
export const WRAP_TITLE = 'pw-wrap-title';
