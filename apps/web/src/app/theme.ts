import { createTheme, darken, luminance } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

/** WCAG AA for text (1.4.3): 4.5:1, with a little room for rounding in the checkers. */
const TEXT_CONTRAST_MIN = 4.6;
const DARKEN_STEP = 0.05;
const DARKEN_STEPS_MAX = 12;

function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The text colour of the `light` variant (badges, alerts, light buttons and icons): Mantine
 * writes shade 9 on shade 1, which is 2.6:1 for yellow, 3.4:1 for orange and 3.8:1 for green.
 * Shade 9 is darkened, in small steps, until it reads at 4.5:1 on shade 1 (and so on white)
 * and on shade 2, the background of a hovered light button (blue 9 on blue 2 was 4.0:1).
 */
export function readableLightColor(colors: MantineColorsTuple): string {
  let color: string = colors[9];
  for (
    let step = 0;
    step < DARKEN_STEPS_MAX && Math.min(contrastRatio(color, colors[1]), contrastRatio(color, colors[2])) < TEXT_CONTRAST_MIN;
    step++
  ) {
    color = darken(color, DARKEN_STEP);
  }
  return color;
}

/** Given to MantineProvider beside the theme (providers.tsx). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    ...Object.fromEntries(
      Object.entries(theme.colors).map(([name, colors]) => [`--mantine-color-${name}-light-color`, readableLightColor(colors)]),
    ),
    // Field errors and required asterisks: Mantine's red 6 is 3.3:1 on white; red 9 reads at 5.8:1.
    '--mantine-color-error': theme.colors.red[9],
  },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'blue',
  // White text on blue 6 (3.5:1) fails WCAG AA; blue 8 passes (4.9:1) on every filled button.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { shadow: 'xs' } },
    // Clipped, never scrolled, while it opens or closes (global.css).
    Collapse: { defaultProps: { className: 'pw-collapse' } },
  },
});
