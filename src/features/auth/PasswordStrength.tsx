import { ratePassword } from '../../lib/password-strength.ts';

const segments = [1, 2, 3, 4] as const;

/**
 * How strong a new password is, as a meter and in words. Only the label sits in the live region, so
 * a screen reader hears "Strength: Good" when it changes, not every "Add 3 more characters".
 */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label, hint } = ratePassword(password);
  return (
    <div className="strength" data-score={score}>
      <div className="strength__meter" aria-hidden="true">
        {segments.map((segment) => (
          <span
            key={segment}
            className={segment <= score ? 'strength__segment is-on' : 'strength__segment'}
          />
        ))}
      </div>
      <p className="strength__text">
        <span aria-live="polite">{password ? `Strength: ${label}.` : ''}</span> {password ? hint : ''}
      </p>
    </div>
  );
}
