import { type DemoDocument, text } from "./text";

/** Home's highlights: the two promises that make the app fair, each a line or two. */
export const highlightTicks: DemoDocument = {
  kind: "highlight",
  translations: {
    "zh-CN": text(
      "结果只由记录的价格决定",
      "哈希链价格决定每个合约，任何人都无法设定；任意已结束的合约都可以验证。",
      "每个合约的开仓价和平仓价都是哈希链中记录的价格。在已结束的合约上点击**验证**，即可在手机上自行核对。",
    ),
    "zh-TW": text(
      "結果只由記錄的價格決定",
      "雜湊鏈價格決定每個合約，任何人都無法設定；任一已結束的合約都可以驗證。",
      "每個合約的進場價和出場價都是雜湊鏈中記錄的價格。在已結束的合約上點選**驗證**，即可在手機上自行核對。",
    ),
    en: text(
      "Outcomes only from recorded ticks",
      "Hash-chained prices decide every contract. Nobody can set one, and any closed contract can be verified.",
      "Each contract's entry and exit prices are recorded ticks in a hash chain. Press **Verify** on a closed contract to check it on your phone.",
    ),
    ja: text(
      "結果は記録されたティックだけで決まる",
      "ハッシュチェーンでつながった価格がすべての契約を決めます。誰も価格を決められず、終了した契約はいつでも検証できます。",
      "契約のエントリー価格と決済価格は、ハッシュチェーンに記録されたティックです。終了した契約で**検証**を押せば、スマートフォンで確かめられます。",
    ),
    th: text(
      "ผลลัพธ์มาจากราคาที่บันทึกไว้เท่านั้น",
      "ราคาที่เชื่อมกันด้วยแฮชเป็นตัวตัดสินทุกสัญญา ไม่มีใครกำหนดได้ และสัญญาที่ปิดแล้วตรวจสอบได้ทุกสัญญา",
      "ราคาเข้าและราคาออกของทุกสัญญาเป็นราคาที่บันทึกไว้ในสายแฮช กด **ตรวจสอบ** บนสัญญาที่ปิดแล้วเพื่อตรวจบนมือถือของคุณ",
    ),
    vi: text(
      "Kết quả chỉ đến từ các tick đã ghi nhận",
      "Giá nối chuỗi bằng mã băm quyết định mọi hợp đồng. Không ai đặt được giá, và mọi hợp đồng đã đóng đều kiểm chứng được.",
      "Giá vào và giá đóng của mỗi hợp đồng là các tick được ghi trong một chuỗi băm. Nhấn **Kiểm chứng** trên hợp đồng đã đóng để tự kiểm tra trên điện thoại.",
    ),
    id: text(
      "Hasil hanya dari tick yang tercatat",
      "Harga yang dirantai hash menentukan setiap kontrak. Tidak ada yang dapat menetapkannya, dan setiap kontrak yang ditutup dapat diverifikasi.",
      "Harga masuk dan keluar setiap kontrak adalah tick yang tercatat dalam rantai hash. Tekan **Verifikasi** pada kontrak yang ditutup untuk memeriksanya di ponsel Anda.",
    ),
    ko: text(
      "결과는 기록된 틱으로만",
      "해시로 연결된 가격이 모든 계약을 결정합니다. 누구도 가격을 정할 수 없고, 종료된 계약은 모두 검증할 수 있습니다.",
      "모든 계약의 진입 가격과 청산 가격은 해시 체인에 기록된 틱입니다. 종료된 계약에서 **검증**을 누르면 휴대폰에서 직접 확인할 수 있습니다.",
    ),
    fr: text(
      "Des résultats issus des seuls ticks enregistrés",
      "Des prix chaînés par empreinte décident de chaque contrat. Personne ne peut les fixer, et tout contrat clôturé peut être vérifié.",
      "Les prix d'entrée et de sortie de chaque contrat sont des ticks enregistrés dans une chaîne d'empreintes. Appuyez sur **Vérifier** sur un contrat clôturé pour le contrôler sur votre téléphone.",
    ),
    de: text(
      "Ergebnisse nur aus aufgezeichneten Ticks",
      "Per Hash verkettete Kurse entscheiden jeden Kontrakt. Niemand kann sie festlegen, und jeder abgeschlossene Kontrakt lässt sich prüfen.",
      "Einstiegs- und Schlusskurs jedes Kontrakts sind aufgezeichnete Ticks in einer Hash-Kette. Tippen Sie bei einem abgeschlossenen Kontrakt auf **Prüfen**, um ihn auf dem Smartphone nachzurechnen.",
    ),
  },
};

export const highlightLedger: DemoDocument = {
  kind: "highlight",
  translations: {
    "zh-CN": text(
      "每一分钱都记入复式账本",
      "借贷平衡、只增不改、绝不为负——由数据库强制执行。",
      "充值、下单、派彩和余额宝收益都以借贷平衡的复式分录记账。分录只增不改，任何用户账户都不会低于零。",
    ),
    "zh-TW": text(
      "每一分錢都記入複式帳本",
      "借貸平衡、只增不改、絕不為負——由資料庫強制執行。",
      "儲值、下單、派彩和餘額寶收益都以借貸平衡的複式分錄記帳。分錄只增不改，任何用戶帳戶都不會低於零。",
    ),
    en: text(
      "Every cent in a double-entry ledger",
      "Balanced postings, never edited, never below zero, enforced by the database itself.",
      "Deposits, stakes, payouts and savings income all move as balanced double-entry postings. Entries are only ever added, and no user account can go below zero.",
    ),
    ja: text(
      "すべてのお金を複式簿記の台帳に",
      "貸借が一致し、修正されず、マイナスにならない。データベース自体がそれを強制します。",
      "入金、取引額、払い戻し、余額宝の収益は、すべて貸借が一致する複式の仕訳として動きます。仕訳は追加されるだけで、ユーザーの口座がマイナスになることはありません。",
    ),
    th: text(
      "เงินทุกสตางค์อยู่ในบัญชีแยกประเภทแบบคู่",
      "รายการสมดุล ไม่มีการแก้ไข และไม่ติดลบ ฐานข้อมูลเป็นผู้บังคับใช้เอง",
      "การฝาก เงินเดิมพัน เงินรางวัล และผลตอบแทนเงินออม ล้วนบันทึกเป็นรายการบัญชีคู่ที่สมดุล รายการมีแต่เพิ่ม และบัญชีผู้ใช้ติดลบไม่ได้",
    ),
    vi: text(
      "Mọi đồng tiền trong sổ cái kép",
      "Bút toán cân bằng, không bao giờ bị sửa, không bao giờ âm, do chính cơ sở dữ liệu thực thi.",
      "Tiền nạp, tiền đặt, tiền thắng và thu nhập tiết kiệm đều di chuyển bằng các bút toán kép cân bằng. Bút toán chỉ được thêm vào, và không tài khoản người dùng nào có thể âm.",
    ),
    id: text(
      "Setiap sen di buku besar berpasangan",
      "Jurnal seimbang, tidak pernah diubah, tidak pernah negatif, ditegakkan oleh basis data itu sendiri.",
      "Deposit, nominal kontrak, pembayaran, dan imbal hasil tabungan semuanya bergerak sebagai jurnal berpasangan yang seimbang. Entri hanya ditambahkan, dan tidak ada akun pengguna yang bisa bernilai negatif.",
    ),
    ko: text(
      "모든 돈은 복식부기 원장에",
      "대차 일치, 수정 없음, 마이너스 없음. 데이터베이스가 직접 강제합니다.",
      "입금, 거래 금액, 지급금, 저축 수익은 모두 대차가 맞는 복식부기 분개로 움직입니다. 분개는 추가만 되며, 어떤 사용자 계좌도 0 아래로 내려가지 않습니다.",
    ),
    fr: text(
      "Chaque centime dans un grand livre en partie double",
      "Des écritures équilibrées, jamais modifiées, jamais négatives, imposées par la base de données elle-même.",
      "Dépôts, mises, gains et revenus d'épargne circulent tous par des écritures en partie double équilibrées. Les écritures sont seulement ajoutées, et aucun compte utilisateur ne peut passer sous zéro.",
    ),
    de: text(
      "Jeder Cent im doppelten Hauptbuch",
      "Ausgeglichene Buchungen, nie geändert, nie im Minus, erzwungen von der Datenbank selbst.",
      "Einzahlungen, Einsätze, Auszahlungen und Sparerträge laufen alle als ausgeglichene doppelte Buchungen. Buchungen werden nur hinzugefügt, und kein Nutzerkonto kann unter null fallen.",
    ),
  },
};
