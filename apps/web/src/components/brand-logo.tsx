import { Group, Text, ThemeIcon } from '@mantine/core';

export const PRODUCT_NAME = 'PayWallet';

export function BrandLogo({ inverted = false, size = 'lg' }: { inverted?: boolean; size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap={8} wrap="nowrap">
      <ThemeIcon size={size} radius="md" variant={inverted ? 'white' : 'filled'} aria-hidden="true">
        <Text fw={800} size="sm">
          P
        </Text>
      </ThemeIcon>
      <Text fw={700} size={size} c={inverted ? 'white' : undefined}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
