// Sizes of the signed-in shell that other parts of the app place themselves by.

/** The top bar's height. Toasts start below it (app/providers.tsx), clear of its controls. */
export const HEADER_HEIGHT_PX = 60;

/** The side menu's width from the sm breakpoint up; below it the menu is a drawer. */
export const NAVBAR_WIDTH_PX = 260;
