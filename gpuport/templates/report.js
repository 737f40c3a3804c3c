// gpuport HTML report. The table is built from the JSON index; a file's diff is parsed and rendered only
// when the file is opened (its data sits in <script type="application/json" id="detail-N">).
(function () {
  'use strict';
  const index = JSON.parse(document.getElementById('report-index').textContent);
  const cols = index.columns;
  const rows = index.rows;
  const rules = index.rules || {};
  const state = { sortKey: null, sortDir: 1, open: new Set(), view: 'split' };
  const rendered = new Map(); // row id -> rendered detail node (dropped when the view mode changes)
  const table = document.getElementById('file-table');
  const thead = table.tHead;
  const tbody = table.tBodies[0];
  const filterBox = document.getElementById('filter');
  const tagSel = document.getElementById('tag-filter');
  const codeSel = document.getElementById('code-filter');
  const onlyUnconv = document.getElementById('only-unconverted');
  const viewSel = document.getElementById('view-mode');
  const countEl = document.getElementById('shown-count');
  const noun = index.kind === 'corpus' ? 'pairs' : 'files';

  function el(tag, props, ...kids) {
    const e = document.createElement(tag);
    if (props) {
      for (const [k, v] of Object.entries(props)) {
        if (v === undefined || v === null || v === false) continue;
        if (k === 'class') e.className = v;
        else if (k === 'html') e.innerHTML = v; // only HTML built by highlight() (escaped text in spans)
        else if (k === 'text') e.textContent = v;
        else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
        else e.setAttribute(k, v === true ? '' : v);
      }
    }
    for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
    return e;
  }

  // ------------------------------------------------------------ the table
  function buildHeader() {
    const tr = el('tr');
    for (const c of cols) {
      tr.append(el('th', { 'data-key': c.key, class: c.num ? 'num' : '', scope: 'col', title: 'sort',
        onclick: () => sortBy(c.key) }, c.label));
    }
    thead.append(tr);
    for (const [tag, label] of index.tags) tagSel.append(el('option', { value: tag }, label));
    const codes = [...new Set(rows.flatMap((r) => r.codes))].sort();
    for (const code of codes) {
      const rule = rules[code];
      codeSel.append(el('option', { value: code }, rule ? code + ' ' + rule.name : code));
    }
  }

  function sortBy(key) {
    if (state.sortKey === key) state.sortDir = -state.sortDir;
    else { state.sortKey = key; state.sortDir = cols.find((c) => c.key === key).num ? -1 : 1; }
    for (const th of thead.querySelectorAll('th')) {
      th.removeAttribute('aria-sort');
      if (th.dataset.key === key) th.setAttribute('aria-sort', state.sortDir > 0 ? 'ascending' : 'descending');
    }
    render();
  }

  function cmp(a, b) {
    const c = cols.find((x) => x.key === state.sortKey);
    let x = a[c.key], y = b[c.key];
    if (c.rank) { x = c.rank.indexOf(x); y = c.rank.indexOf(y); }
    if (c.num || c.rank) {
      x = x === null || x === undefined ? -Infinity : x;
      y = y === null || y === undefined ? -Infinity : y;
      return (x - y) * state.sortDir || a.id - b.id;
    }
    // Code-point order, as Python sorts the report's paths: predictable across browsers and locales.
    x = String(x); y = String(y);
    return (x < y ? -1 : x > y ? 1 : 0) * state.sortDir || a.id - b.id;
  }

  function matches(r) {
    const words = filterBox.value.toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length) {
      const hay = (r._hay ||= r.search.toLowerCase());
      if (!words.every((w) => hay.includes(w))) return false;
    }
    if (tagSel.value && !r.tags.includes(tagSel.value)) return false;
    if (codeSel.value && !r.codes.includes(codeSel.value)) return false;
    if (onlyUnconv.checked && !(r.unconverted > 0)) return false;
    return true;
  }

  function cell(r, c) {
    const v = r[c.key];
    const td = el('td', { class: (c.num ? 'num ' : '') + 'c-' + c.key });
    if (c.key === 'path') {
      if (r.has_detail) td.append(el('button', { class: 'open', type: 'button', 'aria-expanded': String(state.open.has(r.id)),
        onclick: () => toggle(r.id) }, r.path));
      else td.append(el('span', { class: 'plain' }, r.path));
    } else if (c.key === 'level' && v) {
      td.append(el('span', { class: 'lvl lvl-' + v }, v));
    } else if (c.key === 'time_ratio') {
      td.textContent = v === null || v === undefined ? '' : Number(v).toPrecision(3);
    } else {
      td.textContent = v === null || v === undefined ? '' : String(v);
    }
    return td;
  }

  function rowNode(r) {
    const cls = ['file-row'];
    if (r.unconverted > 0) cls.push('has-unconverted');
    if (r.tags.includes('error')) cls.push('is-error');
    if (state.open.has(r.id)) cls.push('open');
    const tr = el('tr', { class: cls.join(' '), 'data-id': r.id, 'data-path': r.path });
    for (const c of cols) tr.append(cell(r, c));
    return tr;
  }

  function render() {
    let shown = rows.filter(matches);
    if (state.sortKey) shown = shown.slice().sort(cmp);
    const frag = document.createDocumentFragment();
    for (const r of shown) {
      frag.append(rowNode(r));
      if (state.open.has(r.id)) frag.append(detailRow(r.id));
    }
    tbody.replaceChildren(frag);
    countEl.textContent = shown.length + ' of ' + rows.length + ' ' + noun;
    countEl.dataset.shown = String(shown.length);
  }

  function toggle(id) {
    const tr = tbody.querySelector('tr.file-row[data-id="' + id + '"]');
    if (state.open.has(id)) {
      state.open.delete(id);
      const next = tr && tr.nextElementSibling;
      if (next && next.classList.contains('detail-row')) next.remove();
    } else {
      state.open.add(id);
      if (tr) tr.after(detailRow(id));
    }
    if (tr) {
      tr.classList.toggle('open', state.open.has(id));
      const b = tr.querySelector('button.open');
      if (b) b.setAttribute('aria-expanded', String(state.open.has(id)));
    }
  }

  function detailRow(id) {
    const td = el('td', { colspan: cols.length });
    td.append(detailNode(id));
    return el('tr', { class: 'detail-row', 'data-id': id }, td);
  }

  // ------------------------------------------------------------ one file's detail
  function detailNode(id) {
    if (rendered.has(id)) return rendered.get(id);
    const script = document.getElementById('detail-' + id);
    const box = el('div', { class: 'detail' });
    if (!script) {
      box.append(el('p', { class: 'note' }, 'No details for this entry.'));
    } else {
      const d = JSON.parse(script.textContent);
      if (d.note) box.append(el('p', { class: 'note' }, d.note));
      if (d.facts) {
        box.append(el('div', { class: 'facts' }, ...d.facts.map(([k, v]) => el('span', null, el('b', null, k + ' '), String(v)))));
      }
      if (d.llm) box.append(llmInfo(d.llm));
      if (d.files) for (const f of d.files) box.append(diffNode(f));
      if (d.ops) box.append(diffNode(d));
      else if (d.diags && d.diags.length) box.append(el('div', { class: 'diag-list' }, ...d.diags.map(diagNode)));
      if (d.evidence && d.evidence.length) box.append(evidenceNode(d.evidence));
    }
    rendered.set(id, box);
    return box;
  }

  function llmInfo(l) {
    if (l.error) return el('p', { class: 'llm-info' }, 'LLM fallback: ' + l.error);
    const bits = ['LLM fallback (' + l.model + '; checked: ' + l.checker + '):', l.regions + ' regions,',
      l.accepted + ' accepted,', l.failed + ' failed;', (l.prompt_tokens + l.completion_tokens) + ' tokens'];
    if (l.final_compiles === false) bits.push('; the final whole-file check failed');
    return el('p', { class: 'llm-info' }, bits.join(' '));
  }

  function evidenceNode(ev) {
    const ul = el('ul');
    for (const e of ev) {
      const li = el('li', { class: e.ok ? '' : 'bad' },
        (e.ok ? '\u2713 ' : '\u2717 ') + e.stage + ' / ' + e.kind + ': ' + e.name +
        (e.toolchain ? ' (' + e.toolchain + ')' : '') + (e.rc !== null && e.rc !== undefined ? ' rc=' + e.rc : ''));
      if (e.tail) li.append(el('details', null, el('summary', null, 'log tail'), el('pre', null, e.tail)));
      ul.append(li);
    }
    return el('details', { class: 'evidence' }, el('summary', null, 'evidence (' + ev.length + ')'), ul);
  }

  function diagNode(g) {
    const cls = ['diag', 'st-' + g.status];
    if (g.by_model) cls.push('by-model');
    const div = el('div', { class: cls.join(' '), 'data-code': g.code, 'data-line': g.line },
      el('span', { class: 'code' }, g.code),
      el('span', { class: 'pos' }, g.line + ':' + g.column),
      el('span', { class: 'st' }, g.status),
      g.safety === 'review' ? el('span', { class: 'badge review' }, 'review') : null,
      g.by_model ? el('span', { class: 'badge llm' }, 'LLM') : null,
      el('span', { class: 'msg' }, ' ' + g.message));
    const rule = rules[g.code];
    if (rule) {
      const pre = el('pre', { class: 'rule-doc' });
      const det = el('details', null, el('summary', null, 'rule ' + g.code + ' ' + rule.name + ': ' + rule.summary), pre);
      // The doc text is set when opened: hundreds of diagnostics should not each carry a page of text.
      det.addEventListener('toggle', () => { if (det.open && !pre.textContent) pre.textContent = rule.doc; });
      div.append(det);
    }
    return div;
  }

  // ------------------------------------------------------------ highlighting (C, C++, CUDA, HIP, SYCL)
  // The page carries plain text; a file's lines are highlighted here when it is opened, a block comment's
  // state carried from line to line. Classes as Pygments names them (report.css colours them).
  const KEYWORDS = new Set(('alignas alignof asm auto break case catch class const constexpr const_cast continue ' +
    'decltype default delete do dynamic_cast else enum explicit export extern false for friend goto if inline ' +
    'mutable namespace new noexcept nullptr operator private protected public register reinterpret_cast return ' +
    'sizeof static static_assert static_cast struct switch template this throw true try typedef typeid typename ' +
    'union using virtual volatile while __global__ __device__ __host__ __shared__ __constant__ __managed__ ' +
    '__restrict__ __forceinline__ __launch_bounds__').split(' '));
  const TYPES = new Set(('bool char double float int long short signed unsigned void size_t wchar_t int8_t int16_t ' +
    'int32_t int64_t uint8_t uint16_t uint32_t uint64_t dim3 half').split(' '));
  const TOKEN = /(\/\/.*)|(\/\*[\s\S]*?(?:\*\/|$))|("(?:[^"\\]|\\.)*"?|'(?:[^'\\]|\\.)*'?)|(\b\d[\w.]*|\.\d\w*)|([A-Za-z_]\w*)/g;
  const esc = (t) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const span = (cls, t) => '<span class="' + cls + '">' + esc(t) + '</span>';

  function highlight(lines) {
    let inComment = false;
    return lines.map((line) => {
      if (line === null || line === undefined) return line;
      let out = '', pos = 0;
      if (inComment) {
        const end = line.indexOf('*/');
        if (end < 0) return span('cm', line);
        out = span('cm', line.slice(0, end + 2));
        pos = end + 2;
        inComment = false;
      } else if (/^\s*#/.test(line)) {
        return span('cp', line);
      }
      TOKEN.lastIndex = pos;
      let m;
      while ((m = TOKEN.exec(line)) !== null) {
        out += esc(line.slice(pos, m.index));
        const t = m[0];
        if (m[1]) out += span('c1', t);
        else if (m[2]) {
          out += span('cm', t);
          if (t.length < 4 || !t.endsWith('*/')) inComment = true;
        } else if (m[3]) out += span('s', t);
        else if (m[4]) out += span('m', t);
        else if (KEYWORDS.has(t)) out += span('k', t);
        else if (TYPES.has(t)) out += span('kt', t);
        else out += esc(t);
        pos = TOKEN.lastIndex;
      }
      return out + esc(line.slice(pos));
    });
  }

  // A detail's lines as HTML, computed once per detail.
  function highlighted(d) {
    if (!d.hl) d.hl = { a: highlight(d.a), b: d.b.map((x) => (x === null || x === undefined ? x : highlight([x])[0])) };
    return d.hl;
  }

  // Which input lines (0-based) are shown: changes, diagnostics, and `context` lines around them.
  function keptLines(d, diagLines) {
    const n = d.a.length, ctx = d.context;
    const keep = new Uint8Array(n + 1);
    const mark = (lo, hi) => { for (let i = Math.max(0, lo); i < Math.min(n, hi); i++) keep[i] = 1; };
    for (const [t, i1, i2] of d.ops) if (t !== 'e') mark(i1 - ctx, i2 + ctx);
    for (const ln of diagLines) mark(ln - 1 - ctx, ln + ctx);
    return keep;
  }

  function diffNode(d) {
    const split = state.view === 'split';
    const diagsAt = new Map();
    for (const g of d.diags || []) {
      const ln = g.line >= 1 && g.line <= d.a.length ? g.line : 0;
      if (!diagsAt.has(ln)) diagsAt.set(ln, []);
      diagsAt.get(ln).push(g);
    }
    const keep = keptLines(d, [...diagsAt.keys()].filter((x) => x > 0));
    const ncol = 4;
    const tb = el('tbody');
    const annRows = (ln) => (diagsAt.get(ln) || []).map((g) => el('tr', { class: 'ann' }, el('td', { colspan: ncol }, diagNode(g))));
    for (const r of annRows(0)) tb.append(r);
    const hl = highlighted(d);
    const bLine = (j, i) => (hl.b[j] !== null && hl.b[j] !== undefined ? hl.b[j] : hl.a[i]);

    const lineRow = (ai, bj, kind, model, first) => {
      // ai/bj: 0-based indexes or -1 for none; kind: e | d | i | r
      const cls = ['dl'];
      if (model) cls.push('model');
      if (ai >= 0 && diagsAt.has(ai + 1)) cls.push('has-diag');
      const badge = model && first ? el('span', { class: 'badge llm', title: 'edit made by the LLM fallback' }, 'LLM') : null;
      const aCls = kind === 'e' ? '' : 'del', bCls = kind === 'e' ? '' : 'add';
      if (split) {
        return el('tr', { class: cls.join(' ') },
          el('td', { class: 'ln aln ' + (ai >= 0 ? aCls : 'empty') }, ai >= 0 ? String(ai + 1) : ''),
          el('td', { class: 'code hl a ' + (ai >= 0 ? aCls : 'empty'), html: ai >= 0 ? hl.a[ai] : '' }),
          el('td', { class: 'ln bln ' + (bj >= 0 ? bCls : 'empty') }, bj >= 0 ? String(bj + 1) : ''),
          el('td', { class: 'code hl b ' + (bj >= 0 ? bCls : 'empty'), html: bj >= 0 ? bLine(bj, ai) : '' }, badge));
      }
      const side = ai >= 0 && (kind === 'e' || bj < 0) ? aCls : bCls;
      return el('tr', { class: cls.join(' ') },
        el('td', { class: 'ln aln ' + side }, ai >= 0 ? String(ai + 1) : ''),
        el('td', { class: 'ln bln ' + side }, bj >= 0 ? String(bj + 1) : ''),
        el('td', { class: 'sg ' + side }, kind === 'e' ? ' ' : bj >= 0 && ai < 0 ? '+' : '-'),
        el('td', { class: 'code hl ' + side, html: ai >= 0 && (kind === 'e' || bj < 0) ? hl.a[ai] : bLine(bj, ai) }, badge));
    };

    const emitEqual = (out, i, j) => { out.push(lineRow(i, j, 'e', false, false)); out.push(...annRows(i + 1)); };

    for (const [t, i1, i2, j1, j2, model] of d.ops) {
      if (t === 'e') {
        let k = 0;
        const len = i2 - i1;
        while (k < len) {
          if (keep[i1 + k]) { const out = []; emitEqual(out, i1 + k, j1 + k); tb.append(...out); k++; continue; }
          let m = k;
          while (m < len && !keep[i1 + m]) m++;
          const from = k, to = m;
          const fold = el('tr', { class: 'fold', title: 'show these lines' },
            el('td', { colspan: ncol }, '\u22EF ' + (to - from) + ' unchanged lines'));
          fold.addEventListener('click', () => {
            const out = [];
            for (let q = from; q < to; q++) emitEqual(out, i1 + q, j1 + q);
            fold.replaceWith(...out);
          });
          tb.append(fold);
          k = m;
        }
        continue;
      }
      const na = i2 - i1, nb = j2 - j1;
      if (split) {
        for (let k = 0; k < Math.max(na, nb); k++) {
          const ai = k < na ? i1 + k : -1, bj = k < nb ? j1 + k : -1;
          tb.append(lineRow(ai, bj, t, !!model, k === 0));
          if (ai >= 0) tb.append(...annRows(ai + 1));
        }
      } else {
        for (let k = 0; k < na; k++) { tb.append(lineRow(i1 + k, -1, t, !!model, k === 0)); tb.append(...annRows(i1 + k + 1)); }
        for (let k = 0; k < nb; k++) tb.append(lineRow(-1, j1 + k, t, !!model, na === 0 && k === 0));
      }
    }
    let added = 0, removed = 0;
    for (const [t, i1, i2, j1, j2] of d.ops) if (t !== 'e') { removed += i2 - i1; added += j2 - j1; }
    const head = el('div', { class: 'diff-head' }, d.a_name + ' \u2192 ' + d.b_name,
      el('span', { class: 'stat' }, '-' + removed + ' +' + added + ' lines; ' + (d.diags || []).length + ' diagnostics'));
    const colgroup = split
      ? el('colgroup', null, el('col', { style: 'width:48px' }), el('col'), el('col', { style: 'width:48px' }), el('col'))
      : el('colgroup', null, el('col', { style: 'width:48px' }), el('col', { style: 'width:48px' }), el('col', { style: 'width:16px' }), el('col'));
    return el('div', { class: 'diff-file' }, head, el('table', { class: 'diff ' + (split ? 'split' : 'unified') }, colgroup, tb));
  }

  // ------------------------------------------------------------ wiring
  buildHeader();
  for (const c of [filterBox, tagSel, codeSel, onlyUnconv]) c.addEventListener('input', render);
  onlyUnconv.addEventListener('change', render);
  viewSel.addEventListener('change', () => { state.view = viewSel.value; rendered.clear(); render(); });
  render();
  // A review item under the totals opens its file (the filters cleared so that its row is shown).
  for (const a of document.querySelectorAll('a.review-item')) {
    a.addEventListener('click', (ev) => {
      ev.preventDefault();
      const id = Number(a.dataset.id);
      filterBox.value = ''; tagSel.value = ''; codeSel.value = ''; onlyUnconv.checked = false;
      render();
      if (!state.open.has(id)) toggle(id);
      const tr = tbody.querySelector('tr.file-row[data-id="' + id + '"]');
      if (tr) tr.scrollIntoView();
    });
  }
  // #file=PATH opens that file (links from elsewhere, e.g. a CI log).
  const m = /^#file=(.+)$/.exec(location.hash);
  if (m) {
    const want = decodeURIComponent(m[1]);
    const r = rows.find((x) => x.path === want);
    if (r && r.has_detail) {
      toggle(r.id);
      const tr = tbody.querySelector('tr.file-row[data-id="' + r.id + '"]');
      if (tr) tr.scrollIntoView();
    }
  }
  document.body.dataset.ready = '1';
})();
