/**
 * The words people put on controls whose act cannot be taken back, in the languages most of the web is
 * written in. A table, so a missing word is one line to add and every entry is tested
 * (vocabulary.test.ts). Entries are written as a person would type them; they are put in canonical form
 * (normalize.ts) once, and so are the labels they are matched against.
 *
 * How an entry matches:
 * - a word or phrase in a language with spaces matches as whole words ("Delete account" matches
 *   `delete`; "Undelete" and "Sent mail" do not);
 * - Chinese, Japanese and Korean entries match anywhere in the label (no spaces between words there);
 * - an entry written `=word` matches only a label that is exactly that word (English "order" is an act
 *   on a button that says just "Order", and a list heading in "Order history").
 */
import { canonicalText } from './normalize.js';

/** The acts the rules know. */
export type Act = 'delete' | 'pay' | 'buy' | 'order' | 'send' | 'post' | 'publish' | 'confirm' | 'submit' | 'transfer' | 'withdraw' | 'sell' | 'unsubscribe';
/** The languages of the table: the ten most used on the web and a few more. */
export type Language = 'en' | 'es' | 'de' | 'fr' | 'ja' | 'pt' | 'ru' | 'it' | 'zh' | 'pl' | 'tr' | 'nl' | 'ko';

/**
 * `confirm` and `submit` commit whatever the page set up; they count as irreversible unless the control
 * is known to only run a GET search (a form whose method the page wrote as get). The rest are
 * irreversible wherever they appear.
 */
export const COMMITTING_ACTS: ReadonlySet<Act> = new Set<Act>(['confirm', 'submit']);

/** The words, per act and language. */
export const ACT_WORDS: Readonly<Record<Act, Readonly<Record<Language, readonly string[]>>>> = {
  delete: {
    en: [
      'delete',
      'remove',
      'erase',
      'destroy',
      'trash',
      'move to trash',
      'empty trash',
      'archive',
      'discard',
      'wipe',
      'deactivate',
      'close account',
      'permanently delete',
    ],
    es: ['eliminar', 'borrar', 'suprimir', 'quitar', 'eliminar cuenta', 'vaciar papelera', 'archivar', 'descartar'],
    de: ['löschen', 'entfernen', 'endgültig löschen', 'konto löschen', 'papierkorb leeren', 'archivieren', 'verwerfen', 'lösche'],
    fr: ['supprimer', 'effacer', 'supprimer le compte', 'vider la corbeille', 'archiver', 'supprime', 'mettre à la corbeille'],
    ja: ['削除', '消去', '完全に削除', 'ゴミ箱に移動', 'ゴミ箱を空にする', 'アーカイブ', '破棄'],
    pt: ['excluir', 'apagar', 'eliminar', 'remover', 'excluir conta', 'esvaziar lixeira', 'arquivar', 'descartar'],
    ru: ['удалить', 'удали', 'стереть', 'очистить корзину', 'архивировать', 'удалить аккаунт'],
    it: ['elimina', 'eliminare', 'cancella', 'cancellare', 'rimuovi', 'rimuovere', 'svuota cestino', 'archivia'],
    zh: ['删除', '刪除', '移除', '清空', '归档', '歸檔', '注销账户', '註銷帳戶'],
    pl: ['usuń', 'usunąć', 'skasuj', 'wyczyść kosz', 'przenieś do kosza', 'archiwizuj'],
    tr: ['sil', 'kaldır', 'hesabı sil', 'çöp kutusunu boşalt', 'arşivle'],
    nl: ['verwijderen', 'verwijder', 'wissen', 'wis', 'prullenbak legen', 'archiveren'],
    ko: ['삭제', '지우기', '제거', '휴지통 비우기', '보관처리'],
  },
  pay: {
    en: ['pay', 'pay now', 'submit payment', 'make payment', 'complete payment', 'donate'],
    es: ['pagar', 'pagar ahora', 'realizar pago', 'donar'],
    de: ['bezahlen', 'jetzt zahlen', 'jetzt bezahlen', 'zahlung abschließen', 'spenden'],
    fr: ['payer', 'régler', 'payer maintenant', 'effectuer le paiement', 'faire un don'],
    ja: ['支払う', 'お支払い', '支払い', '決済', '寄付'],
    pt: ['pagar', 'pagar agora', 'efetuar pagamento', 'doar'],
    ru: ['оплатить', 'заплатить', 'перейти к оплате', 'пожертвовать'],
    it: ['paga', 'pagare', 'paga ora', 'effettua il pagamento', 'dona'],
    zh: ['支付', '付款', '立即支付', '捐款'],
    pl: ['zapłać', 'płacę', 'opłać', 'przekaż darowiznę'],
    tr: ['öde', 'ödeme yap', 'şimdi öde', 'bağış yap'],
    nl: ['betalen', 'betaal', 'nu betalen', 'doneren'],
    ko: ['결제', '지불', '결제하기', '기부'],
  },
  buy: {
    en: ['buy', 'buy now', 'purchase', 'checkout', 'check out', 'complete purchase', 'subscribe now'],
    es: ['comprar', 'comprar ahora', 'finalizar compra', 'tramitar pedido'],
    de: ['kaufen', 'jetzt kaufen', 'zur kasse', 'kauf abschließen'],
    fr: ['acheter', 'acheter maintenant', "finaliser l'achat", 'passer à la caisse'],
    ja: ['購入', '買う', '今すぐ購入', 'レジに進む'],
    pt: ['comprar', 'comprar agora', 'finalizar compra'],
    ru: ['купить', 'оформить покупку', 'купить сейчас'],
    it: ['acquista', 'compra', 'acquista ora', "completa l'acquisto", 'vai alla cassa'],
    zh: ['购买', '購買', '立即购买', '立即購買', '结账', '結帳', '结算'],
    pl: ['kup', 'kup teraz', 'kupuję', 'przejdź do kasy'],
    tr: ['satın al', 'hemen al', 'alışverişi tamamla'],
    nl: ['kopen', 'koop', 'nu kopen', 'afrekenen'],
    ko: ['구매', '구입', '구매하기', '바로구매'],
  },
  order: {
    en: ['=order', 'place order', 'order now', 'submit order', 'complete order', 'confirm order', 'place your order'],
    es: ['realizar pedido', 'hacer pedido', 'confirmar pedido', 'pedir ahora'],
    de: ['bestellen', 'jetzt bestellen', 'zahlungspflichtig bestellen', 'bestellung aufgeben', 'kaufen und bestellen'],
    fr: ['commander', 'passer la commande', 'valider la commande', 'confirmer la commande'],
    ja: ['注文', '注文する', '注文を確定'],
    pt: ['fazer pedido', 'finalizar pedido', 'confirmar pedido', 'encomendar'],
    ru: ['заказать', 'оформить заказ', 'подтвердить заказ'],
    it: ['ordina', 'ordina ora', "effettua l'ordine", 'conferma ordine'],
    zh: ['下单', '下單', '提交订单', '提交訂單', '订购', '訂購'],
    pl: ['zamów', 'zamawiam', 'złóż zamówienie', 'zamawiam i płacę'],
    tr: ['sipariş ver', 'siparişi tamamla', 'siparişi onayla'],
    nl: ['bestellen', 'bestelling plaatsen', 'bestel nu'],
    ko: ['주문', '주문하기', '주문 완료'],
  },
  send: {
    en: ['send', 'send now', 'send message', 'send money', 'reply all'],
    es: ['enviar', 'enviar mensaje'],
    de: ['senden', 'absenden', 'versenden', 'abschicken', 'nachricht senden'],
    fr: ['envoyer', 'envoyer le message'],
    ja: ['送信', '送る', 'メッセージを送信'],
    pt: ['enviar', 'enviar mensagem'],
    ru: ['отправить', 'отправить сообщение'],
    it: ['invia', 'inviare', 'invia messaggio'],
    zh: ['发送', '發送', '寄出'],
    pl: ['wyślij', 'wysłać', 'prześlij'],
    tr: ['gönder', 'mesaj gönder'],
    nl: ['verzenden', 'versturen', 'verstuur', 'verzend'],
    ko: ['보내기', '전송', '발송'],
  },
  post: {
    en: ['post', 'post comment', 'post reply', 'tweet', 'share now'],
    es: ['publicar comentario', 'postear'],
    de: ['posten', 'kommentar abschicken'],
    fr: ['poster', 'publier le commentaire'],
    ja: ['投稿', 'ポスト'],
    pt: ['postar', 'publicar comentário'],
    ru: ['разместить', 'запостить', 'оставить комментарий'],
    it: ['pubblica commento'],
    zh: ['发帖', '發帖', '发表评论', '發表評論'],
    pl: ['opublikuj komentarz', 'skomentuj', 'dodaj komentarz'],
    tr: ['yorumu gönder'],
    nl: ['plaatsen', 'reactie plaatsen'],
    ko: ['게시', '게시하기', '댓글 등록'],
  },
  publish: {
    en: ['publish', 'publish now', 'make public', 'go live'],
    es: ['publicar', 'publicar ahora', 'hacer público'],
    de: ['veröffentlichen', 'jetzt veröffentlichen'],
    fr: ['publier', 'publier maintenant', 'rendre public'],
    ja: ['公開', '公開する', '発行'],
    pt: ['publicar', 'publicar agora', 'tornar público'],
    ru: ['опубликовать', 'публиковать'],
    it: ['pubblica', 'pubblicare', 'rendi pubblico'],
    zh: ['发布', '發布', '发表', '發表', '公开', '公開'],
    pl: ['opublikuj', 'opublikować', 'upublicznij'],
    tr: ['yayınla', 'yayımla', 'herkese açık yap'],
    nl: ['publiceren', 'publiceer', 'openbaar maken'],
    ko: ['발행', '공개', '게시하기', '출판'],
  },
  confirm: {
    en: ['confirm', 'yes, continue', 'approve', 'authorize'],
    es: ['confirmar', 'autorizar', 'aprobar'],
    de: ['bestätigen', 'genehmigen', 'autorisieren'],
    fr: ['confirmer', 'valider', 'approuver', 'autoriser'],
    ja: ['確定', '確認', '承認'],
    pt: ['confirmar', 'aprovar', 'autorizar'],
    ru: ['подтвердить', 'подтверждаю', 'одобрить'],
    it: ['conferma', 'confermare', 'approva', 'autorizza'],
    zh: ['确认', '確認', '确定', '確定', '批准'],
    pl: ['potwierdź', 'zatwierdź', 'akceptuj'],
    tr: ['onayla', 'yetkilendir'],
    nl: ['bevestigen', 'bevestig', 'goedkeuren'],
    ko: ['확인', '확정', '승인'],
  },
  submit: {
    en: ['submit', 'submit application', 'apply now', 'sign and submit'],
    es: ['enviar solicitud', 'presentar', 'tramitar'],
    de: ['einreichen', 'übermitteln', 'antrag stellen'],
    fr: ['soumettre', 'déposer', 'transmettre'],
    ja: ['提出', '申請', '申し込む', '申込'],
    pt: ['submeter', 'enviar solicitação', 'solicitar'],
    ru: ['подать', 'подать заявку'],
    it: ['sottometti', 'inoltra'],
    zh: ['提交', '递交', '遞交', '申请', '申請'],
    pl: ['zatwierdź i wyślij', 'złóż wniosek', 'przekaż'],
    tr: ['başvur', 'başvuruyu gönder', 'ilet'],
    nl: ['indienen', 'dien in', 'aanvragen'],
    ko: ['제출', '신청', '제출하기'],
  },
  transfer: {
    en: ['transfer', 'transfer funds', 'transfer money', 'wire', 'send funds'],
    es: ['transferir', 'hacer transferencia', 'realizar transferencia'],
    de: ['überweisen', 'überweisung ausführen', 'jetzt überweisen'],
    fr: ['transférer', 'effectuer le virement', 'faire un virement', 'virer'],
    ja: ['振込', '振り込む', '送金', '振替'],
    pt: ['transferir', 'fazer transferência', 'efetuar transferência'],
    ru: ['перевести', 'перевести деньги', 'выполнить перевод'],
    it: ['trasferisci', 'esegui bonifico', 'bonifico', 'trasferire'],
    zh: ['转账', '轉帳', '汇款', '匯款', '转帐'],
    pl: ['przelej', 'wykonaj przelew', 'przelew', 'przekaż środki'],
    tr: ['transfer et', 'havale yap', 'para gönder', 'eft yap'],
    nl: ['overmaken', 'overboeken', 'maak over'],
    ko: ['이체', '송금', '이체하기'],
  },
  withdraw: {
    en: ['withdraw', 'withdraw funds', 'cash out'],
    es: ['retirar', 'retirar fondos'],
    de: ['abheben', 'auszahlen', 'auszahlung anfordern'],
    fr: ['retirer', 'retirer des fonds'],
    ja: ['引き出し', '出金', '引き出す'],
    pt: ['sacar', 'retirar', 'resgatar'],
    ru: ['вывести', 'вывести средства', 'снять деньги'],
    it: ['preleva', 'prelevare', 'ritira'],
    zh: ['提现', '提現', '取款', '提款'],
    pl: ['wypłać', 'wypłacić', 'wypłata środków'],
    tr: ['para çek', 'çekim yap', '=çek'],
    nl: ['geld opnemen', 'uitbetalen'],
    ko: ['출금', '인출', '출금하기'],
  },
  sell: {
    en: ['sell', 'sell now', 'list for sale', 'place sell order'],
    es: ['vender', 'vender ahora'],
    de: ['verkaufen', 'jetzt verkaufen'],
    fr: ['vendre', 'vendre maintenant'],
    ja: ['売却', '売る', '出品', '売り注文'],
    pt: ['vender', 'vender agora'],
    ru: ['продать', 'продать сейчас'],
    it: ['vendi', 'vendere', 'vendi ora'],
    zh: ['出售', '卖出', '賣出'],
    pl: ['sprzedaj', 'sprzedać'],
    tr: ['=sat', 'şimdi sat', 'satışa çıkar'],
    nl: ['verkopen'],
    ko: ['판매', '매도', '판매하기'],
  },
  unsubscribe: {
    en: ['unsubscribe', 'cancel subscription', 'cancel membership', 'opt out', 'end subscription'],
    es: ['darse de baja', 'cancelar suscripción', 'anular suscripción', 'dar de baja'],
    de: ['abbestellen', 'abo kündigen', 'kündigen', 'mitgliedschaft kündigen', 'newsletter abmelden'],
    fr: ['se désabonner', 'désabonner', 'se désinscrire', 'désinscrire', 'résilier', "annuler l'abonnement"],
    ja: ['配信停止', '購読解除', '登録解除', '退会', '解約'],
    pt: ['cancelar inscrição', 'cancelar assinatura', 'descadastrar'],
    ru: ['отписаться', 'отменить подписку', 'отказаться от подписки'],
    it: ['annulla iscrizione', 'disiscriviti', 'annulla abbonamento', 'cancella iscrizione'],
    zh: ['退订', '退訂', '取消订阅', '取消訂閱', '取消关注'],
    pl: ['wypisz się', 'anuluj subskrypcję', 'zrezygnuj z subskrypcji'],
    tr: ['abonelikten çık', 'aboneliği iptal et', 'üyeliği iptal et'],
    nl: ['uitschrijven', 'abonnement opzeggen', 'opzeggen'],
    ko: ['구독 취소', '수신 거부', '구독취소', '해지'],
  },
};

/** What a label was matched as. */
export interface ActMatch {
  act: Act;
  language: Language;
  /** The table entry, as written. */
  word: string;
}

interface CompiledEntry extends ActMatch {
  test(canonical: string): boolean;
}

/** Scripts written without spaces between words: their entries match anywhere in a label. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(act: Act, language: Language, word: string): CompiledEntry {
  const exact = word.startsWith('=');
  const canonical = canonicalText(exact ? word.slice(1) : word);
  let test: (label: string) => boolean;
  if (exact) test = (label) => label === canonical;
  else if (UNSPACED.test(canonical)) test = (label) => label.includes(canonical);
  else {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(canonical).replace(/ /g, '\\s+')}(?![\\p{L}\\p{N}])`, 'u');
    test = (label) => pattern.test(label);
  }
  return { act, language, word, test };
}

const ENTRIES: readonly CompiledEntry[] = Object.entries(ACT_WORDS).flatMap(([act, byLanguage]) =>
  Object.entries(byLanguage).flatMap(([language, words]) => words.map((word) => compile(act as Act, language as Language, word))),
);

/** The first act a label names, if any ("Jetzt bezahlen" → pay, de). Labels are put in canonical form first. */
export function matchAct(label: string, options: { languages?: readonly Language[] } = {}): ActMatch | undefined {
  const canonical = canonicalText(label);
  if (canonical === '') return undefined;
  const entry = ENTRIES.find((candidate) => (!options.languages || options.languages.includes(candidate.language)) && candidate.test(canonical));
  return entry ? { act: entry.act, language: entry.language, word: entry.word } : undefined;
}
