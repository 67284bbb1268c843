// True below the width where the app shell's menu collapses (Mantine's sm breakpoint, 48em): the
// lists show a card per row there and the filter bar folds away.
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

const PHONE_MAX_WIDTH_PX = 767;

export function usePhoneWidth(): boolean {
  return useMediaQuery(`(max-width: ${em(PHONE_MAX_WIDTH_PX)})`) ?? false;
}
