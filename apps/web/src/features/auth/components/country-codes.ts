// Common country calling codes for the sign-up phone (ISO code, dial code, name).
export interface CountryCode {
  iso: string;
  dial: string;
  name: string;
}

export const DEFAULT_COUNTRY_ISO = 'AE';

export const COUNTRY_CODES: readonly CountryCode[] = [
  { iso: 'AE', dial: '+971', name: 'United Arab Emirates' },
  { iso: 'SA', dial: '+966', name: 'Saudi Arabia' },
  { iso: 'QA', dial: '+974', name: 'Qatar' },
  { iso: 'KW', dial: '+965', name: 'Kuwait' },
  { iso: 'BH', dial: '+973', name: 'Bahrain' },
  { iso: 'OM', dial: '+968', name: 'Oman' },
  { iso: 'JO', dial: '+962', name: 'Jordan' },
  { iso: 'LB', dial: '+961', name: 'Lebanon' },
  { iso: 'EG', dial: '+20', name: 'Egypt' },
  { iso: 'MA', dial: '+212', name: 'Morocco' },
  { iso: 'TR', dial: '+90', name: 'Turkey' },
  { iso: 'IN', dial: '+91', name: 'India' },
  { iso: 'PK', dial: '+92', name: 'Pakistan' },
  { iso: 'BD', dial: '+880', name: 'Bangladesh' },
  { iso: 'LK', dial: '+94', name: 'Sri Lanka' },
  { iso: 'PH', dial: '+63', name: 'Philippines' },
  { iso: 'ID', dial: '+62', name: 'Indonesia' },
  { iso: 'MY', dial: '+60', name: 'Malaysia' },
  { iso: 'SG', dial: '+65', name: 'Singapore' },
  { iso: 'CN', dial: '+86', name: 'China' },
  { iso: 'JP', dial: '+81', name: 'Japan' },
  { iso: 'KR', dial: '+82', name: 'South Korea' },
  { iso: 'AU', dial: '+61', name: 'Australia' },
  { iso: 'NZ', dial: '+64', name: 'New Zealand' },
  { iso: 'GB', dial: '+44', name: 'United Kingdom' },
  { iso: 'IE', dial: '+353', name: 'Ireland' },
  { iso: 'FR', dial: '+33', name: 'France' },
  { iso: 'DE', dial: '+49', name: 'Germany' },
  { iso: 'NL', dial: '+31', name: 'Netherlands' },
  { iso: 'ES', dial: '+34', name: 'Spain' },
  { iso: 'IT', dial: '+39', name: 'Italy' },
  { iso: 'CH', dial: '+41', name: 'Switzerland' },
  { iso: 'SE', dial: '+46', name: 'Sweden' },
  { iso: 'PL', dial: '+48', name: 'Poland' },
  { iso: 'US', dial: '+1', name: 'United States' },
  { iso: 'CA', dial: '+1', name: 'Canada' },
  { iso: 'MX', dial: '+52', name: 'Mexico' },
  { iso: 'BR', dial: '+55', name: 'Brazil' },
  { iso: 'AR', dial: '+54', name: 'Argentina' },
  { iso: 'ZA', dial: '+27', name: 'South Africa' },
  { iso: 'NG', dial: '+234', name: 'Nigeria' },
  { iso: 'KE', dial: '+254', name: 'Kenya' },
];
