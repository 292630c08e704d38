import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { messages } from '../messages.ts';
import {
  emptyOnboardingForm,
  isValidPhone,
  signupMissingFieldLabels,
  signupMissingFields,
  signupStepErrors,
  shopDomainFromRestaurantName,
  splitOwnerName,
  toSignupPayload,
  toProfilePayload,
  validateForgotPassword,
  validateLicenceForm,
  validateLogin,
  validateOnboardingForm,
  validatePasswordChange,
  validateProfile,
  type ProfileValues,
  type SignupValues,
} from './index.ts';

const v = messages.validation;

// Generators of values the rules must accept.
const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'.split(''));
const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split(''));
const word = (min: number, max: number) =>
  fc.array(alnum, { minLength: min, maxLength: max }).map((chars) => chars.join(''));
const validEmail = fc
  .tuple(
    word(1, 12),
    fc.array(word(1, 10), { minLength: 1, maxLength: 3 }),
    fc.array(lower, { minLength: 2, maxLength: 6 }),
  )
  .map(([local, labels, tld]) => `${local}@${labels.join('.')}.${tld.join('')}`);
const invalidEmail = fc.oneof(
  word(1, 20), // no @ at all
  word(1, 10).map((w) => `${w}@`),
  word(1, 10).map((w) => `@${w}.fr`),
  fc.tuple(word(1, 8), word(1, 8)).map(([a, b]) => `${a}@${b}`), // no top-level domain
  fc.tuple(word(1, 8), word(1, 8)).map(([a, b]) => `${a} ${b}@x.fr`),
);
const validPhone = fc
  .tuple(
    fc.boolean(),
    fc.integer({ min: 1, max: 9 }),
    fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 15 }),
    fc.array(fc.constant(' '), { maxLength: 3 }),
  )
  .map(([plus, first, rest, spaces]) => {
    const digits = `${first}${rest.join('')}`;
    const cut = Math.floor(digits.length / 2);
    return `${plus ? '+' : ''}${digits.slice(0, cut)}${spaces.join('')}${digits.slice(cut)}`;
  });
const invalidPhone = fc.oneof(
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 0, maxLength: 15 })
    .map((d) => `0${d.join('')}`),
  fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 17, maxLength: 25 })
    .map((d) => `9${d.join('')}`),
  word(1, 6).filter((w) => /[a-z]/.test(w)),
  fc.constant('++33612345678'),
  fc.constant('+'),
);
const name = word(2, 50).filter((w) => w.trim().length >= 2);
const strongPassword = fc
  .tuple(
    word(5, 20),
    lower,
    lower.map((c) => c.toUpperCase()),
    fc.integer({ min: 0, max: 9 }),
  )
  .map(([base, l, u, d]) => `${base}${l}${u}${d}`);

describe('login (docs/product.md#login-form)', () => {
  test('empty fields give the required messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      success: false,
      errors: { email: "L'email est requis", password: 'Le mot de passe est requis' },
    });
  });

  test('blank email is required, not malformed', () => {
    expect(validateLogin({ email: '   ', password: 'secret1' })).toEqual({
      success: false,
      errors: { email: "L'email est requis" },
    });
  });

  test('short password', () => {
    expect(validateLogin({ email: 'a@b.fr', password: '12345' })).toEqual({
      success: false,
      errors: { password: 'Le mot de passe doit contenir au moins 6 caractères' },
    });
    expect(validateLogin({ email: 'a@b.fr', password: '123456' }).success).toBe(true);
  });

  test('generated valid emails pass and are trimmed', () => {
    fc.assert(
      fc.property(validEmail, (email) => {
        expect(validateLogin({ email: ` ${email} `, password: 'secret' })).toEqual({
          success: true,
          output: { email, password: 'secret' },
        });
      }),
    );
  });

  test('generated invalid emails fail with the format message', () => {
    fc.assert(
      fc.property(invalidEmail, (email) => {
        expect(validateLogin({ email, password: 'secret' })).toEqual({
          success: false,
          errors: { email: "Format d'email invalide" },
        });
      }),
    );
  });

  test('passwords under 6 characters fail with the min-6 message', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 5 }), (password) => {
        const result = validateLogin({ email: 'a@b.fr', password });
        expect(result.success).toBe(false);
        if (!result.success) expect(result.errors.password).toBe(v.passwordMin6);
      }),
    );
  });
});

describe('forgot password', () => {
  test('email required and well formed', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({
      success: false,
      errors: { email: v.emailRequired },
    });
    expect(validateForgotPassword({ email: 'x' })).toEqual({
      success: false,
      errors: { email: v.emailInvalid },
    });
    expect(validateForgotPassword({ email: 'x@y.fr' }).success).toBe(true);
  });
});

const emptySignup: SignupValues = {
  email: '',
  password: '',
  confirmPassword: '',
  restaurantName: '',
  address: '',
  ownerName: '',
  phone: '',
  city: '',
  cuisineType: '',
  heardFrom: '',
};

describe('signup steps (docs/product.md#signup-steps)', () => {
  test('step 1 lists its missing fields with their labels', () => {
    expect(signupMissingFields(1, emptySignup)).toEqual(['email', 'password', 'confirmPassword']);
    expect(signupMissingFieldLabels(1, emptySignup)).toEqual([
      'Email',
      'Mot de passe',
      'Confirmation du mot de passe',
    ]);
    expect(signupStepErrors(1, emptySignup)).toEqual({
      email: v.emailRequired,
      password: v.passwordRequired,
      confirmPassword: v.confirmPasswordRequired,
    });
  });

  test('step 1 passwords must match', () => {
    const values = {
      ...emptySignup,
      email: 'a@b.fr',
      password: 'Abcdefg1',
      confirmPassword: 'Abcdefg2',
    };
    expect(signupStepErrors(1, values)).toEqual({
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    expect(signupMissingFields(1, { ...values, confirmPassword: 'Abcdefg1' })).toEqual([]);
  });

  test('step 1: two different passwords always say so under the confirmation', () => {
    // Both typed and different: the mismatch shows, even while the password is too short.
    expect(
      signupStepErrors(1, {
        ...emptySignup,
        email: 'a@b.fr',
        password: 'abc',
        confirmPassword: 'abd',
      }),
    ).toEqual({
      password: v.passwordMin8,
      confirmPassword: 'Les mots de passe ne correspondent pas',
    });
    // An empty confirmation keeps its own message; no password typed means nothing to match.
    expect(
      signupStepErrors(1, { ...emptySignup, email: 'a@b.fr', password: 'Abcdefg1' })
        .confirmPassword,
    ).toBe(v.confirmPasswordRequired);
    expect(signupStepErrors(1, { ...emptySignup, confirmPassword: 'abc' }).confirmPassword).toBe(
      undefined,
    );
  });

  test('step 2 requires restaurant, address, owner, phone and city', () => {
    expect(signupMissingFieldLabels(2, emptySignup)).toEqual([
      'Nom du restaurant',
      'Adresse complète',
      'Nom du propriétaire',
      'Téléphone',
      'Ville',
    ]);
    expect(
      signupStepErrors(2, {
        ...emptySignup,
        restaurantName: 'Chez Paul',
        address: '1 rue',
        ownerName: 'Paul',
        phone: '06',
        city: '  ',
      }),
    ).toEqual({
      city: v.cityRequired,
    });
  });

  test('step 3 has no required field', () => {
    expect(signupMissingFields(3, emptySignup)).toEqual([]);
  });
});

describe('purchase onboarding form (docs/product.md#purchase-onboarding-form)', () => {
  test('every documented message on an empty form', () => {
    expect(validateOnboardingForm(emptyOnboardingForm)).toEqual({
      success: false,
      errors: {
        firstName: 'Le prénom est requis',
        lastName: 'Le nom est requis',
        email: "L'email est requis",
        password: 'Le mot de passe est requis',
        acceptTerms: "Vous devez accepter les conditions d'utilisation",
      },
    });
  });

  const filled = {
    ...emptyOnboardingForm,
    firstName: 'Jeanne',
    lastName: 'Durand',
    email: 'jeanne@boutique.fr',
    password: 'MotDePasse1',
    confirmPassword: 'MotDePasse1',
    acceptTerms: true,
  };

  test('format, length, mismatch', () => {
    expect(validateOnboardingForm({ ...filled, email: 'jeanne' })).toEqual({
      success: false,
      errors: { email: "Format d'email invalide" },
    });
    expect(
      validateOnboardingForm({ ...filled, password: 'court', confirmPassword: 'court' }),
    ).toEqual({
      success: false,
      errors: { password: 'Le mot de passe doit contenir au moins 8 caractères' },
    });
    expect(validateOnboardingForm({ ...filled, confirmPassword: 'autre chose' })).toEqual({
      success: false,
      errors: { confirmPassword: 'Les mots de passe ne correspondent pas' },
    });
    expect(validateOnboardingForm({ ...filled, firstName: 'J' })).toEqual({
      success: false,
      errors: { firstName: v.firstNameLength },
    });
  });

  test('a short password and a different confirmation are both reported at once', () => {
    expect(
      validateOnboardingForm({ ...filled, password: 'court', confirmPassword: 'autre' }),
    ).toEqual({
      success: false,
      errors: {
        password: 'Le mot de passe doit contenir au moins 8 caractères',
        confirmPassword: 'Les mots de passe ne correspondent pas',
      },
    });
    // No confirmation typed is a mismatch too (the onboarding has no 'required' for it).
    expect(validateOnboardingForm({ ...filled, confirmPassword: '' })).toEqual({
      success: false,
      errors: { confirmPassword: 'Les mots de passe ne correspondent pas' },
    });
  });

  test('company and newsletter are optional; values are trimmed', () => {
    expect(
      validateOnboardingForm({ ...filled, firstName: ' Jeanne ', company: ' Ma SAS ' }),
    ).toEqual({
      success: true,
      output: { ...filled, company: 'Ma SAS' },
    });
  });
});

const validProfile: ProfileValues = {
  first_name: 'Jeanne',
  last_name: 'Durand',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  phone: '',
  company_name: '',
};

describe('profile (docs/product.md#profile-form)', () => {
  test('required fields', () => {
    expect(
      validateProfile({
        first_name: '',
        last_name: '',
        email: '',
        shop_domain: '',
        phone: '',
        company_name: '',
      }),
    ).toEqual({
      success: false,
      errors: {
        first_name: v.firstNameRequired,
        last_name: v.lastNameRequired,
        email: v.emailRequired,
        shop_domain: 'Le domaine est requis',
      },
    });
  });

  test('name length 2 to 50', () => {
    expect(
      validateProfile({ ...validProfile, first_name: 'J', last_name: 'x'.repeat(51) }),
    ).toEqual({
      success: false,
      errors: { first_name: v.firstNameLength, last_name: v.lastNameLength },
    });
    expect(
      validateProfile({ ...validProfile, first_name: 'Jo', last_name: 'x'.repeat(50) }).success,
    ).toBe(true);
  });

  test('company name up to 100', () => {
    expect(validateProfile({ ...validProfile, company_name: 'c'.repeat(101) })).toEqual({
      success: false,
      errors: { company_name: v.companyNameTooLong },
    });
    expect(validateProfile({ ...validProfile, company_name: 'c'.repeat(100) }).success).toBe(true);
  });

  test('generated valid names, emails and phones pass', () => {
    fc.assert(
      fc.property(name, name, validEmail, validPhone, (first, last, email, phone) => {
        expect(
          validateProfile({ ...validProfile, first_name: first, last_name: last, email, phone })
            .success,
        ).toBe(true);
      }),
    );
  });

  test('generated invalid phones fail with the phone message', () => {
    fc.assert(
      fc.property(invalidPhone, (phone) => {
        expect(isValidPhone(phone)).toBe(false);
        expect(validateProfile({ ...validProfile, phone })).toEqual({
          success: false,
          errors: { phone: 'Format de téléphone invalide' },
        });
      }),
    );
  });

  test('phone boundaries', () => {
    expect(isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isValidPhone('1234567890123456')).toBe(true);
    expect(isValidPhone('12345678901234567')).toBe(false);
    expect(isValidPhone('0612345678')).toBe(false);
  });

  test('payload: trimmed, empty fields dropped', () => {
    expect(
      toProfilePayload({
        ...validProfile,
        first_name: ' Jeanne ',
        phone: '  ',
        company_name: ' SAS ',
      }),
    ).toEqual({
      first_name: 'Jeanne',
      last_name: 'Durand',
      email: 'jeanne@boutique.fr',
      shop_domain: 'boutique.myshopify.com',
      company_name: 'SAS',
    });
  });
});

describe('password change (docs/product.md#password-change)', () => {
  test('required fields', () => {
    expect(
      validatePasswordChange({ current_password: '', new_password: '', confirm_password: '' }),
    ).toEqual({
      success: false,
      errors: {
        current_password: v.currentPasswordRequired,
        new_password: v.newPasswordRequired,
        confirm_password: v.confirmPasswordRequired,
      },
    });
  });

  test.each([
    ['Ab1', v.passwordMin8],
    ['abcdefg1', v.passwordComplexity],
    ['ABCDEFG1', v.passwordComplexity],
    ['Abcdefgh', v.passwordComplexity],
  ])('new password %s is refused with %s', (password, message) => {
    expect(
      validatePasswordChange({
        current_password: 'old',
        new_password: password,
        confirm_password: password,
      }),
    ).toEqual({ success: false, errors: { new_password: message } });
  });

  test('generated strong passwords pass; a different confirmation fails', () => {
    fc.assert(
      fc.property(strongPassword, (password) => {
        expect(
          validatePasswordChange({
            current_password: 'x',
            new_password: password,
            confirm_password: password,
          }).success,
        ).toBe(true);
        expect(
          validatePasswordChange({
            current_password: 'x',
            new_password: password,
            confirm_password: `${password}!`,
          }),
        ).toEqual({ success: false, errors: { confirm_password: v.passwordsMismatch } });
      }),
    );
  });

  test('a weak new password and a different confirmation are both reported', () => {
    expect(
      validatePasswordChange({
        current_password: 'old',
        new_password: 'abc',
        confirm_password: 'abd',
      }),
    ).toEqual({
      success: false,
      errors: { new_password: v.passwordMin8, confirm_password: v.passwordsMismatch },
    });
  });
});

describe('licence form (docs/product.md#licence-form)', () => {
  const label = fc
    .tuple(alnum, word(0, 61), alnum)
    .map(([a, middle, b]) => `${a}${middle.replace(/^(.{0,30})/, '$1-')}${b}`.slice(0, 63))
    .filter((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
  const domain = fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.'));

  test('generated valid domains pass and get the Shopify suffix', () => {
    fc.assert(
      fc.property(domain, label, (custom, shop) => {
        expect(
          validateLicenceForm({ custom_domain: custom.toUpperCase(), shop_domain: shop }),
        ).toEqual({
          success: true,
          output: { custom_domain: custom, shop_domain: `${shop}.myshopify.com` },
        });
      }),
    );
  });

  test('generated invalid domains fail with the format messages', () => {
    const bad = fc.oneof(
      label.map((l) => `-${l}.fr`),
      label.map((l) => `${l}-.fr`),
      label.map((l) => `${l}..fr`),
      label.map((l) => `${l}_x.fr`),
      fc.constant(`${'a'.repeat(64)}.fr`),
    );
    fc.assert(
      fc.property(bad, (value) => {
        expect(validateLicenceForm({ custom_domain: value, shop_domain: value })).toEqual({
          success: false,
          errors: { custom_domain: v.customDomainInvalid, shop_domain: v.shopDomainInvalid },
        });
      }),
    );
  });

  test('required messages', () => {
    expect(validateLicenceForm({ custom_domain: ' ', shop_domain: '' })).toEqual({
      success: false,
      errors: {
        custom_domain: 'Le domaine personnalisé est requis',
        shop_domain: 'Le domaine Shopify est requis',
      },
    });
  });
});

describe('signup payload (docs/product.md#signup-wizard)', () => {
  const values: SignupValues = {
    ...emptySignup,
    email: ' chef@bistrot.fr ',
    password: 'MotDePasse1',
    confirmPassword: 'MotDePasse1',
    restaurantName: "Le Petit Bistrot d'Anna 2",
    ownerName: '  Anna  Marie Dupont ',
  };

  test('shop domain from the restaurant name, names from the owner name', () => {
    expect(toSignupPayload(values)).toEqual({
      email: 'chef@bistrot.fr',
      password: 'MotDePasse1',
      first_name: 'Anna',
      last_name: 'Marie Dupont',
      shop_domain: 'lepetitbistrotdanna2',
    });
  });

  test('a single-word owner name is both first and last name', () => {
    expect(splitOwnerName('Anna')).toEqual({ first_name: 'Anna', last_name: 'Anna' });
  });

  test('the shop domain only ever holds lowercase letters and digits', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(shopDomainFromRestaurantName(name)).toMatch(/^[a-z0-9]*$/);
      }),
    );
  });
});
