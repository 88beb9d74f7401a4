import type { ConfigName, Locale } from '../../contract';

/**
 * The site texts the embedded default starts with. Support links are mailto: addresses so the
 * app never loads anything from another site. Retention periods follow Korean law: electronic
 * financial transaction records five years, financial investment business records ten years; a
 * child under 14 needs a legal representative's consent to open an account.
 */
const SUPPORT = 'mailto:help@maru.example';
const PRIVACY_OFFICE = 'mailto:privacy@maru.example';
const LOGO = '/logo.svg';

export const SITE_TEXTS: Record<Locale, Record<ConfigName, string>> = {
  ko: {
    title: '마루 증권',
    logo: LOGO,
    kefu_url_1: SUPPORT,
    kefu_url_2: PRIVACY_OFFICE,
    privacy_policy: [
      '마루 개인정보 처리방침',
      '1. 수집하는 정보: 계정 이름, 비밀번호의 암호화된 값, 본인 확인 정보, 거래 및 입출금 기록, 접속 기록.',
      '2. 이용 목적: 계좌 개설과 본인 확인, 주문과 입출금 처리, 법령에 따른 기록 보관, 부정 이용 방지.',
      '3. 보유 기간: 전자금융거래 기록은 5년, 금융투자업 관련 기록은 10년 동안 보관하며, 그 밖의 정보는 탈퇴 후 지체 없이 파기합니다.',
      '4. 만 14세 미만 아동은 법정대리인의 동의가 있어야 가입할 수 있습니다.',
      '5. 제3자 제공: 법령이 정한 경우를 제외하고 동의 없이 제공하지 않습니다.',
      '6. 권리: 언제든지 열람, 정정, 삭제, 처리 정지를 요청할 수 있습니다. 문의: privacy@maru.example',
    ].join('\n'),
    user_agreement: [
      '마루 서비스 이용약관',
      '1. 고객은 본인 명의로 하나의 계정만 개설하며, 비밀번호와 자금 비밀번호를 타인에게 알려서는 안 됩니다.',
      '2. 투자에는 원금 손실 위험이 있으며, 투자 판단과 그 결과는 고객 본인에게 귀속됩니다.',
      '3. 주문은 거래소 규칙과 시장 상황에 따라 체결되며, 체결을 보장하지 않습니다.',
      '4. 출금은 본인 확인, 자금 비밀번호, 등록된 은행 계좌, 이용 시간과 한도를 충족하면 처리됩니다.',
      '5. 회사가 계정을 제한하는 경우 그 사유를 고객에게 알립니다.',
    ].join('\n'),
    about_us:
      '마루는 한국 개인 투자자를 위한 모바일 증권 서비스입니다. 시세 조회, 주식 거래, 공모주 청약, 환전을 한 곳에서 이용할 수 있습니다.',
  },
  en: {
    title: 'Maru Securities',
    logo: LOGO,
    kefu_url_1: SUPPORT,
    kefu_url_2: PRIVACY_OFFICE,
    privacy_policy: [
      'Maru privacy policy',
      '1. What we collect: your account name, a one-way hash of your password, identity verification data, trade and transfer records, and access logs.',
      '2. Why: to open your account and verify your identity, to carry out orders and transfers, to keep the records the law requires, and to prevent fraud.',
      '3. How long: electronic financial transaction records are kept for 5 years and financial investment business records for 10 years; other data is deleted promptly after you close your account.',
      '4. Children under 14 may register only with the consent of a legal representative.',
      '5. Sharing: we do not give your data to third parties without your consent, except where the law requires it.',
      '6. Your rights: you may ask at any time to see, correct, delete or stop the processing of your data. Contact: privacy@maru.example',
    ].join('\n'),
    user_agreement: [
      'Maru terms of service',
      '1. You open one account in your own name and keep your password and fund password to yourself.',
      '2. Investing can lose money; investment decisions and their results are your own.',
      '3. Orders are filled by exchange rules and market conditions; a fill is not guaranteed.',
      '4. Withdrawals are paid once identity, fund password, a registered bank account, service hours and limits are satisfied.',
      '5. If we restrict your account, we tell you why.',
    ].join('\n'),
    about_us:
      'Maru is a mobile brokerage for Korean retail investors: quotes, stock trading, IPO subscriptions and currency exchange in one place.',
  },
  'zh-TW': {
    title: 'Maru 證券',
    logo: LOGO,
    kefu_url_1: SUPPORT,
    kefu_url_2: PRIVACY_OFFICE,
    privacy_policy: [
      'Maru 隱私權政策',
      '1. 蒐集的資料：帳號名稱、密碼的單向雜湊值、身分驗證資料、交易與出入金紀錄、登入紀錄。',
      '2. 使用目的：開立帳戶與身分驗證、處理委託與出入金、依法保存紀錄、防止不當使用。',
      '3. 保存期間：電子金融交易紀錄保存 5 年，金融投資業務紀錄保存 10 年；其他資料於註銷帳戶後立即刪除。',
      '4. 未滿 14 歲的兒童須經法定代理人同意方可註冊。',
      '5. 除法律規定外，未經您同意不會提供給第三方。',
      '6. 您可隨時要求查閱、更正、刪除或停止處理您的資料。聯絡：privacy@maru.example',
    ].join('\n'),
    user_agreement: [
      'Maru 服務條款',
      '1. 您以本人名義開立一個帳戶，並妥善保管登入密碼與資金密碼。',
      '2. 投資可能損失本金，投資決定及其結果由您自行承擔。',
      '3. 委託依交易所規則與市場狀況成交，不保證成交。',
      '4. 完成身分驗證、資金密碼、綁定銀行帳戶，並符合服務時間與限額時即可出金。',
      '5. 若我們限制您的帳戶，會告知您原因。',
    ].join('\n'),
    about_us:
      'Maru 是為韓國個人投資者打造的行動證券服務：行情、股票交易、新股申購與換匯，一站完成。',
  },
  'zh-CN': {
    title: 'Maru 证券',
    logo: LOGO,
    kefu_url_1: SUPPORT,
    kefu_url_2: PRIVACY_OFFICE,
    privacy_policy: [
      'Maru 隐私政策',
      '1. 收集的信息：账号名称、密码的单向哈希值、身份验证信息、交易与出入金记录、登录记录。',
      '2. 使用目的：开立账户与身份验证、处理委托与出入金、依法保存记录、防止不当使用。',
      '3. 保存期限：电子金融交易记录保存 5 年，金融投资业务记录保存 10 年；其他信息在注销账户后及时删除。',
      '4. 未满 14 岁的儿童须经法定代理人同意方可注册。',
      '5. 除法律规定外，未经您同意不会向第三方提供。',
      '6. 您可随时要求查阅、更正、删除或停止处理您的信息。联系：privacy@maru.example',
    ].join('\n'),
    user_agreement: [
      'Maru 服务条款',
      '1. 您以本人名义开立一个账户，并妥善保管登录密码与资金密码。',
      '2. 投资可能损失本金，投资决定及其结果由您自行承担。',
      '3. 委托按交易所规则与市场情况成交，不保证成交。',
      '4. 完成身份验证、资金密码、绑定银行账户，并符合服务时间与限额时即可出金。',
      '5. 如我们限制您的账户，会告知您原因。',
    ].join('\n'),
    about_us:
      'Maru 是为韩国个人投资者打造的移动证券服务：行情、股票交易、新股申购与换汇，一站完成。',
  },
};
