// A read-only credential with its Copy button (spec 2: Client ID and Client Secret).
import { CredentialField } from '../../../components/credential-field.tsx';

export function ReadOnlySecret({ label, value }: { label: string; value: string }) {
  return <CredentialField label={label} value={value} />;
}
