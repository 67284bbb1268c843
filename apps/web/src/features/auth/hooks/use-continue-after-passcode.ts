// After set-passcode and passcode-login (spec 1 section 4): the KYC form when the server asks
// for it, else the identity-verification page when one is configured, else the app home.
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export interface KycFlowAnswer {
  userKyc: number;
  sumsubUrl: string | null;
}

/** `backPath` is where the browser's Back leads after leaving for the verification page. */
export function useContinueAfterPasscode(backPath: string) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const proceed = useCallback(
    (answer: KycFlowAnswer) => {
      if (answer.userKyc === 1) {
        navigate('/auth/user-input', { replace: true });
      } else if (answer.sumsubUrl) {
        setLeaving(true);
        window.history.replaceState(null, '', backPath);
        window.location.assign(answer.sumsubUrl);
      } else {
        navigate('/app', { replace: true });
      }
    },
    [backPath, navigate],
  );

  return { proceed, leaving };
}
