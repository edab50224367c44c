import { type DemoDocument, text } from "./text";

/** News: what the Verify button on a closed contract recomputes (the tick chain of ARCHITECTURE §5). */
export const newsVerify: DemoDocument = {
  kind: "news",
  translations: {
    "zh-CN": text(
      "在手机上验证任意合约",
      "打开已结束的合约并点击“验证”：您的手机会自己重新计算价格链和结果，服务器也会核对同一段价格。",
      `
## 一条价格链

每个价格都连同一个哈希一起保存，哈希由上一条的哈希、品种代码、序号、时间和价格计算得出。改动任何一条，之后的每个哈希都会改变。

## “验证”做了什么

在已结束的合约上点击**验证**，您的手机会：

1. 重新计算从开仓价到平仓价之间每个价格的哈希；
2. 检查每一条都与上一条相连；
3. 根据开仓价、平仓价和您选择的方向重新计算结果。

服务器也会核对同一段价格。

## 为什么重要

包括运营人员在内，任何人都无法设定价格或结果——而且您不必相信任何人的说法，可以自己验证。
`,
    ),
    "zh-TW": text(
      "在手機上驗證任一合約",
      "打開已結束的合約並點選「驗證」：您的手機會自己重新計算價格鏈和結果，伺服器也會核對同一段價格。",
      `
## 一條價格鏈

每個價格都連同一個雜湊一起保存，雜湊由上一筆的雜湊、商品代碼、序號、時間和價格計算得出。改動任何一筆，之後的每個雜湊都會改變。

## 「驗證」做了什麼

在已結束的合約上點選**驗證**，您的手機會：

1. 重新計算從進場價到出場價之間每個價格的雜湊；
2. 檢查每一筆都與上一筆相連；
3. 根據進場價、出場價和您選擇的方向重新計算結果。

伺服器也會核對同一段價格。

## 為什麼重要

包括營運人員在內，任何人都無法設定價格或結果——而且您不必相信任何人的說法，可以自己驗證。
`,
    ),
    en: text(
      "Verify any contract on your phone",
      "Open a closed contract and press Verify: your phone recomputes the price chain and the result itself, and the server checks the same ticks.",
      `
## A chain of prices

Every price tick is stored with a hash of the previous tick's hash, the symbol, the sequence number, the time and the price. Change one tick and every hash after it changes.

## What Verify does

On a closed contract, press **Verify**. Your phone:

1. recomputes the hash of every tick from the entry tick to the exit tick;
2. checks that each tick links to the one before;
3. recomputes the result from the entry price, the exit price and your direction.

The server checks the same ticks.

## Why it matters

Nobody, operators included, can set a price or an outcome, and you do not have to take anyone's word for it: you can check it yourself.
`,
    ),
    ja: text(
      "どの契約もスマートフォンで検証",
      "終了した契約を開いて「検証」を押すと、スマートフォン自身が価格のチェーンと結果を再計算し、サーバーも同じティックを確認します。",
      `
## 価格のチェーン

価格ティックはすべて、直前のティックのハッシュ、銘柄コード、連番、時刻、価格から計算したハッシュとともに保存されます。1 つでも変えると、それ以降のハッシュはすべて変わります。

## 「検証」がすること

終了した契約で**検証**を押すと、スマートフォンは次のことを行います。

1. エントリーから決済までのすべてのティックのハッシュを再計算する
2. 各ティックが直前のティックにつながっていることを確かめる
3. エントリー価格、決済価格、選んだ方向から結果を再計算する

サーバーも同じティックを確認します。

## なぜ大切か

運営者を含め、誰も価格や結果を決められません。それを誰かの言葉を信じるのではなく、ご自身で確かめられます。
`,
    ),
    th: text(
      "ตรวจสอบสัญญาใดก็ได้บนมือถือของคุณ",
      "เปิดสัญญาที่ปิดแล้วและกด ตรวจสอบ: มือถือของคุณจะคำนวณสายราคาและผลลัพธ์ใหม่เอง และเซิร์ฟเวอร์ก็ตรวจราคาชุดเดียวกัน",
      `
## สายของราคา

ราคาทุกจุดถูกบันทึกพร้อมแฮชที่คำนวณจากแฮชของจุดก่อนหน้า รหัสสินค้า ลำดับ เวลา และราคา หากแก้ไขจุดใดจุดหนึ่ง แฮชทุกตัวหลังจากนั้นจะเปลี่ยนไป

## ปุ่มตรวจสอบทำอะไร

บนสัญญาที่ปิดแล้ว กด **ตรวจสอบ** มือถือของคุณจะ:

1. คำนวณแฮชของทุกราคาตั้งแต่ราคาเข้าจนถึงราคาออกใหม่
2. ตรวจว่าแต่ละจุดเชื่อมต่อกับจุดก่อนหน้า
3. คำนวณผลลัพธ์ใหม่จากราคาเข้า ราคาออก และทิศทางที่คุณเลือก

เซิร์ฟเวอร์ก็ตรวจสอบราคาชุดเดียวกัน

## ทำไมจึงสำคัญ

ไม่มีใคร รวมถึงผู้ดูแลระบบ ที่กำหนดราคาหรือผลลัพธ์ได้ และคุณไม่จำเป็นต้องเชื่อคำพูดของใคร เพราะตรวจสอบได้ด้วยตัวเอง
`,
    ),
    vi: text(
      "Kiểm chứng mọi hợp đồng ngay trên điện thoại",
      "Mở một hợp đồng đã đóng và nhấn Kiểm chứng: điện thoại tự tính lại chuỗi giá và kết quả, còn máy chủ kiểm tra cùng các tick đó.",
      `
## Một chuỗi giá

Mỗi tick giá được lưu cùng một mã băm tính từ mã băm của tick trước, mã sản phẩm, số thứ tự, thời gian và giá. Sửa một tick thì mọi mã băm sau nó đều thay đổi.

## Kiểm chứng làm gì

Trên một hợp đồng đã đóng, nhấn **Kiểm chứng**. Điện thoại của bạn sẽ:

1. tính lại mã băm của từng tick từ tick vào đến tick đóng;
2. kiểm tra mỗi tick nối với tick trước nó;
3. tính lại kết quả từ giá vào, giá đóng và hướng bạn chọn.

Máy chủ cũng kiểm tra cùng các tick đó.

## Vì sao điều này quan trọng

Không ai, kể cả nhân viên vận hành, có thể đặt giá hay kết quả, và bạn không cần tin lời ai cả: bạn có thể tự kiểm chứng.
`,
    ),
    id: text(
      "Verifikasi kontrak apa pun di ponsel Anda",
      "Buka kontrak yang sudah ditutup dan tekan Verifikasi: ponsel Anda menghitung ulang rantai harga dan hasilnya sendiri, dan server memeriksa tick yang sama.",
      `
## Rantai harga

Setiap tick harga disimpan bersama hash dari hash tick sebelumnya, simbol, nomor urut, waktu, dan harga. Ubah satu tick, dan setiap hash sesudahnya ikut berubah.

## Apa yang dilakukan Verifikasi

Pada kontrak yang sudah ditutup, tekan **Verifikasi**. Ponsel Anda akan:

1. menghitung ulang hash setiap tick dari tick masuk hingga tick keluar;
2. memeriksa bahwa setiap tick tersambung ke tick sebelumnya;
3. menghitung ulang hasil dari harga masuk, harga keluar, dan arah pilihan Anda.

Server memeriksa tick yang sama.

## Mengapa ini penting

Tidak ada seorang pun, termasuk operator, yang dapat menetapkan harga atau hasil, dan Anda tidak perlu percaya begitu saja pada siapa pun: Anda bisa memeriksanya sendiri.
`,
    ),
    ko: text(
      "어떤 계약이든 휴대폰에서 검증하세요",
      "종료된 계약을 열고 검증을 누르면 휴대폰이 직접 가격 체인과 결과를 다시 계산하고, 서버도 같은 틱을 확인합니다.",
      `
## 가격의 체인

모든 가격 틱은 직전 틱의 해시, 종목 코드, 일련번호, 시각, 가격으로 계산한 해시와 함께 저장됩니다. 틱 하나만 바꿔도 그 뒤의 모든 해시가 달라집니다.

## 검증이 하는 일

종료된 계약에서 **검증**을 누르면 휴대폰이 다음을 수행합니다.

1. 진입 틱부터 청산 틱까지 모든 틱의 해시를 다시 계산합니다.
2. 각 틱이 직전 틱과 이어지는지 확인합니다.
3. 진입 가격, 청산 가격, 선택한 방향으로 결과를 다시 계산합니다.

서버도 같은 틱을 확인합니다.

## 왜 중요한가

운영자를 포함해 누구도 가격이나 결과를 정할 수 없습니다. 누구의 말도 믿을 필요 없이 직접 확인할 수 있습니다.
`,
    ),
    fr: text(
      "Vérifiez n'importe quel contrat sur votre téléphone",
      "Ouvrez un contrat clôturé et appuyez sur Vérifier : votre téléphone recalcule lui-même la chaîne des prix et le résultat, et le serveur contrôle les mêmes ticks.",
      `
## Une chaîne de prix

Chaque tick de prix est enregistré avec une empreinte (hash) calculée à partir de l'empreinte du tick précédent, du symbole, du numéro d'ordre, de l'heure et du prix. Modifiez un tick, et toutes les empreintes suivantes changent.

## Ce que fait Vérifier

Sur un contrat clôturé, appuyez sur **Vérifier**. Votre téléphone :

1. recalcule l'empreinte de chaque tick, du tick d'entrée au tick de sortie ;
2. contrôle que chaque tick est relié au précédent ;
3. recalcule le résultat à partir du prix d'entrée, du prix de sortie et de votre sens.

Le serveur contrôle les mêmes ticks.

## Pourquoi c'est important

Personne, opérateurs compris, ne peut fixer un prix ou un résultat, et vous n'avez à croire personne sur parole : vous pouvez le vérifier vous-même.
`,
    ),
    de: text(
      "Jeden Kontrakt auf dem Smartphone prüfen",
      "Öffnen Sie einen abgeschlossenen Kontrakt und tippen Sie auf Prüfen: Ihr Smartphone berechnet die Kurskette und das Ergebnis selbst neu, und der Server prüft dieselben Ticks.",
      `
## Eine Kette von Kursen

Jeder Kurstick wird mit einem Hash gespeichert, der aus dem Hash des vorherigen Ticks, dem Symbol, der laufenden Nummer, der Zeit und dem Kurs berechnet wird. Ändert man einen Tick, ändert sich jeder Hash danach.

## Was Prüfen tut

Tippen Sie bei einem abgeschlossenen Kontrakt auf **Prüfen**. Ihr Smartphone:

1. berechnet den Hash jedes Ticks vom Einstiegs- bis zum Schlusstick neu;
2. prüft, dass jeder Tick an den vorherigen anschließt;
3. berechnet das Ergebnis aus Einstiegskurs, Schlusskurs und Ihrer Richtung neu.

Der Server prüft dieselben Ticks.

## Warum das wichtig ist

Niemand, auch kein Betreiber, kann einen Kurs oder ein Ergebnis festlegen, und Sie müssen niemandem einfach glauben: Sie können es selbst prüfen.
`,
    ),
  },
};
