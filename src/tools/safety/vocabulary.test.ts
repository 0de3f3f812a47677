/** The act vocabulary: every entry matches itself, real labels in each language match, look-alike tricks do not hide a word. */
import { describe, expect, it } from 'vitest';
import { canonicalText, identifierWords } from './normalize.js';
import { shown } from './judge.js';
import { ACT_WORDS, matchAct, type Act, type Language } from './vocabulary.js';

describe('the table', () => {
  const acts = Object.keys(ACT_WORDS) as Act[];
  it('covers every act the rules name in at least ten languages, with no empty cell', () => {
    expect(acts.sort()).toEqual([
      'buy',
      'confirm',
      'delete',
      'order',
      'pay',
      'post',
      'publish',
      'sell',
      'send',
      'submit',
      'transfer',
      'unsubscribe',
      'withdraw',
    ]);
    for (const act of acts) {
      const languages = Object.entries(ACT_WORDS[act]).filter(([, words]) => words.length > 0);
      expect(languages.length, act).toBeGreaterThanOrEqual(10);
    }
  });
  it.each(acts)('every "%s" entry matches a label that is exactly that entry', (act) => {
    for (const [language, words] of Object.entries(ACT_WORDS[act]) as Array<[Language, readonly string[]]>) {
      for (const word of words) {
        const label = word.replace(/^=/, '');
        // Some words belong to several acts (es "enviar" sends and submits); the label must match one of them.
        expect(matchAct(label), `${language} ${word}`).toBeDefined();
        expect(matchAct(label, { languages: [language] }), `${language} ${word}`).toBeDefined();
      }
    }
  });
});

describe('real labels', () => {
  const labels: Array<[string, Act]> = [
    ['Delete account', 'delete'],
    ['Move to Trash', 'delete'],
    ['Cuenta: Eliminar', 'delete'],
    ['Konto endgültig löschen', 'delete'],
    ['Supprimer le compte', 'delete'],
    ['アカウントを削除する', 'delete'],
    ['删除账号', 'delete'],
    ['계정 삭제', 'delete'],
    ['Удалить аккаунт', 'delete'],
    ['Usuń konto', 'delete'],
    ['Hesabı sil', 'delete'],
    ['Account verwijderen', 'delete'],
    ['Jetzt bezahlen', 'pay'],
    ['Pagar ahora', 'pay'],
    ['Оплатить заказ', 'pay'],
    ['立即支付', 'pay'],
    ['Zahlungspflichtig bestellen', 'order'],
    ['Passer la commande', 'order'],
    ['ご注文を確定する', 'order'],
    ['Złóż zamówienie', 'order'],
    ['Comprar ahora', 'buy'],
    ['Acquista ora', 'buy'],
    ['구매하기', 'buy'],
    ['Enviar mensaje', 'send'],
    ['Отправить', 'send'],
    ['Verstuur bericht', 'send'],
    ['Post comment', 'post'],
    ['Veröffentlichen', 'publish'],
    ['Opublikuj wpis', 'publish'],
    ['Confirm transfer', 'confirm'],
    ['Onayla', 'confirm'],
    ['Submit application', 'submit'],
    ['提交', 'submit'],
    ['Überweisen', 'transfer'],
    ['Effectuer le virement', 'transfer'],
    ['Withdraw funds', 'withdraw'],
    ['Вывести средства', 'withdraw'],
    ['Sell now', 'sell'],
    ['Vendre', 'sell'],
    ['Unsubscribe from all', 'unsubscribe'],
    ['Se désabonner', 'unsubscribe'],
    ['配信停止', 'unsubscribe'],
    ['Abonnement opzeggen', 'unsubscribe'],
  ];
  it.each(labels)('"%s" is %s', (label, act) => {
    expect(matchAct(label)?.act).toBe(act);
  });

  it('words that only look related do not match', () => {
    for (const label of [
      'Resend code',
      'Published articles',
      'Undelete',
      'Buyer guide',
      'Removed items',
      'Sent mail',
      'Payment history',
      'Products',
      'Order history',
      'Sender details',
      'Accept all cookies',
      'Alle akzeptieren',
      'Log out',
      'Posts',
      'Cardigan',
      'Sat 12 May',
      'Ajouter au panier',
      'В корзину',
    ]) {
      expect(matchAct(label), label).toBeUndefined();
    }
  });

  it('soft hyphens, zero-width characters, bidi controls, full-width and look-alike letters do not hide a word', () => {
    for (const label of [
      'Dele\u00ADte account',
      'De\u200Blete',
      '\u202EDelete\u202C',
      'Ｄｅｌｅｔｅ',
      'D\u0435lete',
      'P\u0430y now',
      '𝐃𝐞𝐥𝐞𝐭𝐞',
      'De\u2060le\uFEFFte',
      'ПЕРЕВЕСТИ',
      'LÖSCHEN',
      'Lo\u0308schen',
    ]) {
      expect(matchAct(label)?.act, JSON.stringify(label)).toBeDefined();
    }
  });
});

describe('normalisation', () => {
  it('canonical text drops invisibles and accents, folds case, width and look-alikes, and collapses spaces', () => {
    expect(canonicalText('  Dele\u00ADte\u200B  ＡＣＣＯＵＮＴ ')).toBe('delete account');
    expect(canonicalText('Ζ usuń')).toBe('ζ usun');
    expect(canonicalText('рау')).toBe('pay');
  });
  it('identifiers split into words', () => {
    expect(identifierWords('/account/placeOrder-now_v2')).toBe('account place order now v2');
  });
  it('a prompt shows invisible characters as escapes and line breaks as ⏎, on one bounded line', () => {
    expect(shown('a\u202Eb\u200Bc')).toBe('a\\u202eb\\u200bc');
    expect(shown('yes\nno\u2028')).toBe('yes⏎no⏎');
    expect(shown('x'.repeat(500), 300)).toHaveLength(300);
  });
});
