import { type DemoDocument, text } from "./text";

/**
 * Privacy: only what the app really keeps (ARCHITECTURE §5, accounts and real-name verification), who
 * sees it, and how to ask for deletion. Deliberately no company boilerplate: whoever hosts it answers.
 */
export const privacy: DemoDocument = {
  kind: "privacy",
  translations: {
    "zh-CN": text(
      "隐私政策",
      "本应用保存哪些关于您的数据、谁能看到，以及如何申请删除。",
      `
## 我们保存的数据

- **账户**：账户号、手机号；密码只以哈希形式保存。
- **登录会话**：每次登录一个随机令牌，以哈希形式保存；退出登录即失效。
- **资金与合约**：充值、提现、合约、余额宝以及背后的账本分录。
- **实名认证**：姓名、国籍和身份证号。身份证号加密保存、只显示打码后的号码；证件照片会重新编码并去除位置和拍摄信息，存放在私有存储中，只通过短时有效的链接向您本人和审核人员显示。
- **在线客服**：您发送的消息和图片。

## 谁能看到

运营人员只能看到其岗位所需的信息。运营人员每次查看您的认证资料都会记入审计日志。

我们不出售您的数据，也不将其用于广告。

## 申请删除

请通过应用内的在线客服申请删除账户。账本分录不会被删除，因为账目必须始终平衡。

## 谁负责

Tickfair 可以自行部署：运行本服务器的一方对其中的数据负责。本演示不是任何真实公司的服务。
`,
    ),
    "zh-TW": text(
      "隱私權政策",
      "本應用保存哪些關於您的資料、誰能看到，以及如何申請刪除。",
      `
## 我們保存的資料

- **帳戶**：帳戶號碼、手機號碼；密碼只以雜湊形式保存。
- **登入工作階段**：每次登入一個隨機權杖，以雜湊形式保存；登出即失效。
- **資金與合約**：儲值、提領、合約、餘額寶以及背後的帳本分錄。
- **實名認證**：姓名、國籍和身分證號碼。身分證號碼加密保存、只顯示遮蔽後的號碼；證件照片會重新編碼並移除位置和拍攝資訊，存放在私有儲存空間，只透過短時間有效的連結向您本人和審核人員顯示。
- **線上客服**：您傳送的訊息和圖片。

## 誰能看到

營運人員只能看到其職務所需的資訊。營運人員每次查看您的認證資料都會記入稽核日誌。

我們不出售您的資料，也不將其用於廣告。

## 申請刪除

請透過應用程式內的線上客服申請刪除帳戶。帳本分錄不會被刪除，因為帳目必須始終平衡。

## 誰負責

Tickfair 可以自行架設：執行本伺服器的一方對其中的資料負責。本示範不是任何真實公司的服務。
`,
    ),
    en: text(
      "Privacy policy",
      "What this app keeps about you, who can see it, and how to ask for deletion.",
      `
## What we keep

- **Your account**: account id and phone number; passwords only as hashes.
- **Your sessions**: one random token per sign-in, stored hashed; signing out ends it.
- **Your money and contracts**: deposits, withdrawals, contracts, Yu'ebao savings and the ledger entries behind them.
- **Identity verification**: name, nationality and ID number. The ID number is stored encrypted and shown masked. ID photos are re-encoded without location or camera data, kept in private storage and shown only to you and to the operators reviewing them, through short-lived links.
- **Customer service**: the messages and images you send.

## Who can see it

Operators see only what their role needs. Every time an operator views your verification documents, it is recorded in an audit log.

We do not sell your data and do not use it for advertising.

## Asking for deletion

Ask customer service in the app to delete your account. Ledger entries are never erased, because the books must always balance.

## Who is responsible

Tickfair can be self-hosted: whoever runs this server is responsible for the data on it. This demo is not the service of any real company.
`,
    ),
    ja: text(
      "プライバシーポリシー",
      "このアプリがあなたについて保存するデータ、それを見られる人、削除の申請方法。",
      `
## 保存するデータ

- **アカウント**：アカウント ID と電話番号。パスワードはハッシュでのみ保存します。
- **セッション**：ログインごとのランダムなトークンをハッシュで保存します。ログアウトすると無効になります。
- **お金と契約**：入金、出金、契約、余額宝の貯蓄と、それらの台帳の仕訳。
- **本人確認**：氏名、国籍、身分証番号。身分証番号は暗号化して保存し、一部を伏せて表示します。身分証の写真は位置情報や撮影情報を除いて再エンコードし、非公開のストレージに保管して、短時間だけ有効なリンクを通じてご本人と審査担当者にのみ表示します。
- **カスタマーサービス**：送信されたメッセージと画像。

## 見られる人

運営者は担当業務に必要な情報だけを見られます。運営者が本人確認書類を閲覧するたびに監査ログに記録されます。

データを販売したり、広告に使ったりすることはありません。

## 削除の申請

アプリ内のカスタマーサービスからアカウントの削除を申請してください。帳簿は常に貸借が一致していなければならないため、台帳の仕訳は削除されません。

## 責任者

Tickfair は自分でホストできます。このサーバーを運用する者が、そこにあるデータに責任を負います。このデモは実在する企業のサービスではありません。
`,
    ),
    th: text(
      "นโยบายความเป็นส่วนตัว",
      "แอปนี้เก็บข้อมูลอะไรเกี่ยวกับคุณ ใครเห็นได้บ้าง และวิธีขอให้ลบ",
      `
## ข้อมูลที่เราเก็บ

- **บัญชี**: รหัสบัญชีและหมายเลขโทรศัพท์ รหัสผ่านเก็บเป็นค่าแฮชเท่านั้น
- **เซสชัน**: โทเค็นสุ่มหนึ่งชุดต่อการเข้าสู่ระบบ เก็บเป็นค่าแฮช ออกจากระบบแล้วจะใช้ไม่ได้อีก
- **เงินและสัญญา**: การฝาก การถอน สัญญา เงินออม Yu'ebao และรายการบัญชีที่อยู่เบื้องหลัง
- **การยืนยันตัวตน**: ชื่อ สัญชาติ และเลขบัตรประจำตัว เลขบัตรเก็บแบบเข้ารหัสและแสดงแบบปิดบางส่วน รูปบัตรถูกเข้ารหัสใหม่โดยตัดข้อมูลตำแหน่งและข้อมูลกล้องออก เก็บในที่เก็บส่วนตัว และแสดงเฉพาะกับคุณและเจ้าหน้าที่ผู้ตรวจสอบผ่านลิงก์ที่ใช้ได้ในเวลาสั้น ๆ
- **ฝ่ายบริการลูกค้า**: ข้อความและรูปภาพที่คุณส่ง

## ใครเห็นได้บ้าง

เจ้าหน้าที่เห็นเฉพาะข้อมูลที่จำเป็นต่อหน้าที่ของตน ทุกครั้งที่เจ้าหน้าที่เปิดดูเอกสารยืนยันตัวตนของคุณ จะถูกบันทึกไว้ในบันทึกการตรวจสอบ

เราไม่ขายข้อมูลของคุณและไม่นำไปใช้เพื่อการโฆษณา

## การขอให้ลบข้อมูล

ติดต่อฝ่ายบริการลูกค้าในแอปเพื่อขอลบบัญชี รายการในบัญชีแยกประเภทจะไม่ถูกลบ เพราะบัญชีต้องสมดุลอยู่เสมอ

## ใครเป็นผู้รับผิดชอบ

Tickfair ติดตั้งใช้งานเองได้ ผู้ที่รันเซิร์ฟเวอร์นี้เป็นผู้รับผิดชอบข้อมูลบนเซิร์ฟเวอร์ เวอร์ชันสาธิตนี้ไม่ใช่บริการของบริษัทจริงใด ๆ
`,
    ),
    vi: text(
      "Chính sách quyền riêng tư",
      "Ứng dụng này lưu gì về bạn, ai có thể xem và cách yêu cầu xóa.",
      `
## Dữ liệu chúng tôi lưu

- **Tài khoản**: mã tài khoản và số điện thoại; mật khẩu chỉ được lưu dưới dạng mã băm.
- **Phiên đăng nhập**: mỗi lần đăng nhập một mã ngẫu nhiên, lưu dưới dạng mã băm; đăng xuất là phiên kết thúc.
- **Tiền và hợp đồng**: nạp, rút, hợp đồng, tiết kiệm Yu'ebao và các bút toán sổ cái tương ứng.
- **Xác minh danh tính**: họ tên, quốc tịch và số giấy tờ. Số giấy tờ được mã hóa khi lưu và hiển thị dạng che bớt. Ảnh giấy tờ được mã hóa lại, bỏ dữ liệu vị trí và máy ảnh, lưu ở kho riêng tư và chỉ hiển thị cho bạn và nhân viên xét duyệt qua các liên kết có hiệu lực ngắn.
- **Chăm sóc khách hàng**: tin nhắn và hình ảnh bạn gửi.

## Ai có thể xem

Nhân viên vận hành chỉ xem được những gì vai trò của họ cần. Mỗi lần nhân viên xem giấy tờ xác minh của bạn đều được ghi vào nhật ký kiểm toán.

Chúng tôi không bán dữ liệu của bạn và không dùng nó cho quảng cáo.

## Yêu cầu xóa

Hãy liên hệ bộ phận chăm sóc khách hàng trong ứng dụng để yêu cầu xóa tài khoản. Các bút toán sổ cái không bao giờ bị xóa, vì sổ sách phải luôn cân bằng.

## Ai chịu trách nhiệm

Tickfair có thể tự triển khai: người vận hành máy chủ này chịu trách nhiệm về dữ liệu trên đó. Bản demo này không phải dịch vụ của một công ty thật nào.
`,
    ),
    id: text(
      "Kebijakan privasi",
      "Apa yang disimpan aplikasi ini tentang Anda, siapa yang dapat melihatnya, dan cara meminta penghapusan.",
      `
## Data yang kami simpan

- **Akun**: ID akun dan nomor telepon; kata sandi hanya disimpan dalam bentuk hash.
- **Sesi**: satu token acak per login, disimpan dalam bentuk hash; keluar (logout) mengakhirinya.
- **Uang dan kontrak**: deposit, penarikan, kontrak, tabungan Yu'ebao, dan entri buku besar di baliknya.
- **Verifikasi identitas**: nama, kewarganegaraan, dan nomor identitas. Nomor identitas disimpan terenkripsi dan ditampilkan tersamar. Foto identitas dienkode ulang tanpa data lokasi atau kamera, disimpan di penyimpanan privat, dan hanya ditampilkan kepada Anda dan operator peninjau melalui tautan berumur pendek.
- **Layanan pelanggan**: pesan dan gambar yang Anda kirim.

## Siapa yang dapat melihatnya

Operator hanya melihat apa yang dibutuhkan perannya. Setiap kali operator melihat dokumen verifikasi Anda, hal itu dicatat dalam log audit.

Kami tidak menjual data Anda dan tidak menggunakannya untuk iklan.

## Meminta penghapusan

Hubungi layanan pelanggan di aplikasi untuk meminta penghapusan akun. Entri buku besar tidak pernah dihapus, karena pembukuan harus selalu seimbang.

## Siapa yang bertanggung jawab

Tickfair dapat di-host sendiri: siapa pun yang menjalankan server ini bertanggung jawab atas data di dalamnya. Demo ini bukan layanan perusahaan nyata mana pun.
`,
    ),
    ko: text(
      "개인정보 처리방침",
      "이 앱이 저장하는 내 정보, 그 정보를 볼 수 있는 사람, 삭제를 요청하는 방법.",
      `
## 저장하는 정보

- **계정**: 계정 ID와 휴대폰 번호. 비밀번호는 해시로만 저장합니다.
- **세션**: 로그인할 때마다 무작위 토큰 하나를 해시로 저장합니다. 로그아웃하면 무효가 됩니다.
- **돈과 계약**: 입금, 출금, 계약, 위어바오 저축과 그 뒤의 원장 분개.
- **본인 인증**: 이름, 국적, 신분증 번호. 신분증 번호는 암호화해 저장하고 일부를 가려 표시합니다. 신분증 사진은 위치·촬영 정보를 제거해 다시 인코딩하고 비공개 저장소에 보관하며, 짧은 시간만 유효한 링크로 본인과 심사 담당자에게만 보여 줍니다.
- **고객센터**: 보낸 메시지와 이미지.

## 볼 수 있는 사람

운영자는 자신의 역할에 필요한 정보만 볼 수 있습니다. 운영자가 인증 서류를 열람할 때마다 감사 로그에 기록됩니다.

개인정보를 판매하거나 광고에 사용하지 않습니다.

## 삭제 요청

앱의 고객센터를 통해 계정 삭제를 요청하세요. 장부는 항상 대차가 맞아야 하므로 원장 분개는 삭제되지 않습니다.

## 책임자

Tickfair는 직접 호스팅할 수 있습니다. 이 서버를 운영하는 사람이 그 안의 데이터에 책임을 집니다. 이 데모는 실제 회사의 서비스가 아닙니다.
`,
    ),
    fr: text(
      "Politique de confidentialité",
      "Ce que cette application conserve à votre sujet, qui peut le voir et comment demander la suppression.",
      `
## Ce que nous conservons

- **Votre compte** : identifiant de compte et numéro de téléphone ; les mots de passe uniquement sous forme de hash.
- **Vos sessions** : un jeton aléatoire par connexion, stocké sous forme de hash ; la déconnexion y met fin.
- **Votre argent et vos contrats** : dépôts, retraits, contrats, épargne Yu'ebao et les écritures du grand livre correspondantes.
- **Vérification d'identité** : nom, nationalité et numéro de pièce d'identité. Le numéro est stocké chiffré et affiché masqué. Les photos sont réencodées sans données de localisation ni d'appareil, conservées dans un stockage privé et montrées uniquement à vous et aux opérateurs chargés de l'examen, par des liens de courte durée.
- **Service client** : les messages et images que vous envoyez.

## Qui peut les voir

Les opérateurs ne voient que ce dont leur rôle a besoin. Chaque consultation de vos documents de vérification par un opérateur est inscrite dans un journal d'audit.

Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.

## Demander la suppression

Demandez la suppression de votre compte au service client dans l'application. Les écritures du grand livre ne sont jamais effacées, car les comptes doivent toujours être équilibrés.

## Qui est responsable

Tickfair peut être auto-hébergé : la personne qui exploite ce serveur est responsable des données qu'il contient. Cette démo n'est le service d'aucune entreprise réelle.
`,
    ),
    de: text(
      "Datenschutzerklärung",
      "Was diese App über Sie speichert, wer es sehen kann und wie Sie die Löschung beantragen.",
      `
## Was wir speichern

- **Ihr Konto**: Konto-ID und Telefonnummer; Passwörter nur als Hash.
- **Ihre Sitzungen**: ein zufälliges Token pro Anmeldung, als Hash gespeichert; Abmelden beendet es.
- **Ihr Geld und Ihre Kontrakte**: Ein- und Auszahlungen, Kontrakte, Yu'ebao-Sparen und die zugehörigen Buchungen im Hauptbuch.
- **Identitätsprüfung**: Name, Staatsangehörigkeit und Ausweisnummer. Die Ausweisnummer wird verschlüsselt gespeichert und maskiert angezeigt. Ausweisfotos werden ohne Standort- und Kameradaten neu kodiert, privat gespeichert und nur Ihnen und den prüfenden Betreibern über kurzlebige Links gezeigt.
- **Kundenservice**: die Nachrichten und Bilder, die Sie senden.

## Wer sie sehen kann

Betreiber sehen nur, was ihre Rolle erfordert. Jeder Blick eines Betreibers auf Ihre Prüfunterlagen wird in einem Audit-Protokoll festgehalten.

Wir verkaufen Ihre Daten nicht und nutzen sie nicht für Werbung.

## Löschung beantragen

Bitten Sie den Kundenservice in der App, Ihr Konto zu löschen. Buchungen im Hauptbuch werden nie gelöscht, weil die Bücher immer ausgeglichen sein müssen.

## Wer verantwortlich ist

Tickfair kann selbst gehostet werden: Wer diesen Server betreibt, ist für die Daten darauf verantwortlich. Diese Demo ist kein Dienst eines echten Unternehmens.
`,
    ),
  },
};
