/**
 * The demo's first tutorials (docs/wire-contract.md#site-content): how to use a bought proxy.
 * Plain, already-safe HTML (the allow-list of modules/content/sanitize.ts). The line format is the
 * export's default `host:port:username:password`.
 */
export interface SeedTutorial {
  slug: string;
  title: string;
  titleEng: string;
  summary: string;
  summaryEng: string;
  html: string;
  htmlEng: string;
  order: number;
}

const LINE = '<p>Ví dụ: <code>203.0.113.10:20001:user:pass</code>.</p>';
const LINE_EN = '<p>Example: <code>203.0.113.10:20001:user:pass</code>.</p>';

export const SEED_TUTORIALS: SeedTutorial[] = [
  {
    slug: 'chrome-firefox-switchyomega',
    order: 10,
    title: 'Dùng proxy trên Chrome và Firefox với SwitchyOmega',
    titleEng: 'Use a proxy in Chrome and Firefox with SwitchyOmega',
    summary: 'Cài tiện ích, tạo profile proxy và bật tắt chỉ bằng một cú nhấp.',
    summaryEng: 'Install the extension, create a proxy profile and switch it on with one click.',
    html: `<h2>1. Cài tiện ích</h2><p>Cài <strong>Proxy SwitchyOmega</strong> (hoặc ZeroOmega) từ Chrome Web Store hay Firefox Add-ons.</p>
<h2>2. Tạo profile</h2><ol><li>Mở Options → <em>New profile</em> → <em>Proxy Profile</em>.</li><li>Chọn giao thức <code>HTTP</code> hoặc <code>SOCKS5</code> như proxy đã mua, nhập host và port.</li><li>Bấm biểu tượng ổ khoá và nhập username, password của proxy.</li><li>Bấm <em>Apply changes</em>.</li></ol>${LINE}
<h2>3. Bật proxy</h2><p>Bấm biểu tượng SwitchyOmega trên thanh công cụ và chọn profile vừa tạo. Kiểm tra bằng trang <a href="/tools">Công cụ → IP của tôi</a>.</p>`,
    htmlEng: `<h2>1. Install the extension</h2><p>Install <strong>Proxy SwitchyOmega</strong> (or ZeroOmega) from the Chrome Web Store or Firefox Add-ons.</p>
<h2>2. Create a profile</h2><ol><li>Open Options → <em>New profile</em> → <em>Proxy Profile</em>.</li><li>Pick <code>HTTP</code> or <code>SOCKS5</code> as your proxy's protocol and enter the host and port.</li><li>Click the lock icon and enter the proxy's username and password.</li><li>Click <em>Apply changes</em>.</li></ol>${LINE_EN}
<h2>3. Switch it on</h2><p>Click the SwitchyOmega icon in the toolbar and choose the profile. Check it on <a href="/tools">Tools → My IP</a>.</p>`,
  },
  {
    slug: 'windows-proxy-settings',
    order: 20,
    title: 'Cài proxy cho Windows',
    titleEng: 'Proxy settings on Windows',
    summary: 'Đặt proxy HTTP cho toàn hệ thống trên Windows 10 và 11.',
    summaryEng: 'Set a system-wide HTTP proxy on Windows 10 and 11.',
    html: `<ol><li>Mở <em>Settings → Network &amp; Internet → Proxy</em>.</li><li>Ở <em>Manual proxy setup</em>, bấm <em>Set up</em> và bật <em>Use a proxy server</em>.</li><li>Nhập host vào <em>Proxy IP address</em> và port vào <em>Port</em>, rồi <em>Save</em>.</li><li>Khi trình duyệt hỏi, nhập username và password của proxy.</li></ol>${LINE}<p>Cài đặt hệ thống chỉ dùng HTTP. Với SOCKS5, hãy dùng SwitchyOmega hoặc cài trong từng ứng dụng.</p>`,
    htmlEng: `<ol><li>Open <em>Settings → Network &amp; Internet → Proxy</em>.</li><li>Under <em>Manual proxy setup</em>, click <em>Set up</em> and turn on <em>Use a proxy server</em>.</li><li>Enter the host as <em>Proxy IP address</em> and the port as <em>Port</em>, then <em>Save</em>.</li><li>When the browser asks, enter the proxy's username and password.</li></ol>${LINE_EN}<p>The system setting speaks HTTP only. For SOCKS5 use SwitchyOmega or each application's own setting.</p>`,
  },
  {
    slug: 'macos-proxy-settings',
    order: 30,
    title: 'Cài proxy cho macOS',
    titleEng: 'Proxy settings on macOS',
    summary: 'Đặt proxy HTTP, HTTPS hoặc SOCKS cho một kết nối mạng trên macOS.',
    summaryEng: 'Set an HTTP, HTTPS or SOCKS proxy for a network service on macOS.',
    html: `<ol><li>Mở <em>System Settings → Network</em>, chọn Wi‑Fi hoặc Ethernet → <em>Details… → Proxies</em>.</li><li>Bật <em>Web proxy (HTTP)</em> và <em>Secure web proxy (HTTPS)</em>, hoặc <em>SOCKS proxy</em> nếu proxy là SOCKS5.</li><li>Nhập host, port, bật <em>Proxy server requires password</em> và nhập username, password.</li><li>Bấm <em>OK</em>.</li></ol>${LINE}`,
    htmlEng: `<ol><li>Open <em>System Settings → Network</em>, choose Wi‑Fi or Ethernet → <em>Details… → Proxies</em>.</li><li>Turn on <em>Web proxy (HTTP)</em> and <em>Secure web proxy (HTTPS)</em>, or <em>SOCKS proxy</em> for a SOCKS5 proxy.</li><li>Enter the host and port, turn on <em>Proxy server requires password</em> and enter the username and password.</li><li>Click <em>OK</em>.</li></ol>${LINE_EN}`,
  },
  {
    slug: 'curl',
    order: 40,
    title: 'Dùng proxy với curl',
    titleEng: 'Use a proxy with curl',
    summary: 'Một dòng lệnh để gửi yêu cầu qua proxy HTTP hoặc SOCKS5.',
    summaryEng: 'One command line to send a request through an HTTP or SOCKS5 proxy.',
    html: `<p>Proxy HTTP:</p><pre><code>curl -x http://user:pass@203.0.113.10:20001 https://api.ipify.org</code></pre><p>Proxy SOCKS5 (phân giải tên miền qua proxy):</p><pre><code>curl -x socks5h://user:pass@203.0.113.10:20001 https://api.ipify.org</code></pre><p>Kết quả là IP ra của proxy. Nếu mật khẩu có ký tự đặc biệt, hãy mã hoá URL cho nó.</p>`,
    htmlEng: `<p>An HTTP proxy:</p><pre><code>curl -x http://user:pass@203.0.113.10:20001 https://api.ipify.org</code></pre><p>A SOCKS5 proxy (names resolved through the proxy):</p><pre><code>curl -x socks5h://user:pass@203.0.113.10:20001 https://api.ipify.org</code></pre><p>The answer is the proxy's egress IP. URL-encode a password with special characters.</p>`,
  },
  {
    slug: 'python-requests',
    order: 50,
    title: 'Dùng proxy với Python requests',
    titleEng: 'Use a proxy with Python requests',
    summary: 'Truyền proxy vào requests, kể cả SOCKS5 với requests[socks].',
    summaryEng: 'Pass the proxy to requests, SOCKS5 included with requests[socks].',
    html: `<pre><code class="language-python">import requests

proxy = "http://user:pass@203.0.113.10:20001"
r = requests.get("https://api.ipify.org", proxies={"http": proxy, "https": proxy}, timeout=15)
print(r.text)</code></pre><p>Với SOCKS5: <code>pip install "requests[socks]"</code> rồi dùng <code>socks5h://user:pass@host:port</code>.</p>`,
    htmlEng: `<pre><code class="language-python">import requests

proxy = "http://user:pass@203.0.113.10:20001"
r = requests.get("https://api.ipify.org", proxies={"http": proxy, "https": proxy}, timeout=15)
print(r.text)</code></pre><p>For SOCKS5: <code>pip install "requests[socks]"</code>, then use <code>socks5h://user:pass@host:port</code>.</p>`,
  },
  {
    slug: 'antidetect-browsers',
    order: 60,
    title: 'Dùng proxy trong trình duyệt antidetect',
    titleEng: 'Use a proxy in antidetect browsers',
    summary: 'GoLogin, Multilogin, AdsPower, GPM: mỗi profile một proxy.',
    summaryEng: 'GoLogin, Multilogin, AdsPower, GPM: one proxy per profile.',
    html: `<p>Trình duyệt antidetect gán một proxy cho mỗi profile:</p><ol><li>Tạo hoặc sửa profile, mở phần <em>Proxy</em>.</li><li>Chọn kiểu HTTP hoặc SOCKS5 như proxy đã mua.</li><li>Dán cả dòng <code>host:port:user:pass</code> (đa số trình duyệt tự tách) hoặc nhập từng ô.</li><li>Bấm <em>Check proxy</em>, rồi lưu profile.</li></ol><p>Nên dùng proxy cùng quốc gia với múi giờ và ngôn ngữ của profile. Mỗi profile nên có một proxy riêng.</p>`,
    htmlEng: `<p>An antidetect browser gives each profile its own proxy:</p><ol><li>Create or edit a profile and open its <em>Proxy</em> section.</li><li>Choose HTTP or SOCKS5 as your proxy's protocol.</li><li>Paste the whole <code>host:port:user:pass</code> line (most browsers split it) or fill each field.</li><li>Click <em>Check proxy</em>, then save the profile.</li></ol><p>Match the proxy's country with the profile's time zone and language, and give each profile its own proxy.</p>`,
  },
];
