// A text link inside the auth screens (router navigation, optional action before it).
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export function AuthLink({ to, onClick, children }: { to: string; onClick?: () => void; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} onClick={onClick} size="sm">
      {children}
    </Anchor>
  );
}
