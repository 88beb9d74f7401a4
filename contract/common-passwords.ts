/**
 * Passwords that appear at the top of every leaked-password list, plus the keyboard and digit
 * runs they are built from. A password on this list, or made of one repeated character, or a run
 * of consecutive digits or letters, is refused: it falls to the first guesses of any attacker.
 */
const LIST = `
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword pass1234 passpass
12345678 123456789 1234567890 0123456789 87654321 98765432 11111111 00000000 12341234 11223344
123123123 12121212 qwerty12 qwerty123 qwertyui qwertyuiop qwerty1234 asdfghjk asdfghjkl asdf1234
zxcvbnm1 zxcvbnm123 1q2w3e4r 1q2w3e4r5t 1qaz2wsx 1qaz2wsx3edc qazwsxedc zaq12wsx q1w2e3r4 a1b2c3d4
iloveyou iloveyou1 princess sunshine football baseball basketball superman batman123 starwars
welcome1 welcome123 letmein1 letmein123 trustno1 whatever monkey123 dragon123 shadow123 master123
michael1 jennifer charlie1 jordan23 liverpool chelsea1 arsenal1 computer internet samsung1
samsung123 korea123 seoul123 hello123 hello1234 helloworld abc12345 abcd1234 abcdefgh abcdefg1
aa123456 a1234567 a12345678 qwe12345 qweasdzxc qweqweqwe asdasdasd zxczxczxc admin123 admin1234
administrator changeme changeme1 default1 secret12 secret123 test1234 testtest guest123 user1234
login123 access14 mustang1 michelle jessica1 freedom1 babygirl lovely12 loveyou1 iloveu12
maru1234 stock123 trading1 money123 bitcoin1 daniel12 thomas12 soccer12 hunter12 buster12
ginger12 summer12 winter12 spring12 autumn12 flower12 purple12 orange12 banana12 cookie12
`;

const COMMON = new Set(LIST.split(/\s+/).filter(Boolean));

const SEQUENCES = [
  '0123456789',
  '9876543210',
  'abcdefghijklmnopqrstuvwxyz',
  'zyxwvutsrqponmlkjihgfedcba',
];

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  if (/^(.)\1*$/.test(lower)) return true;
  return SEQUENCES.some((run) => run.includes(lower));
}
