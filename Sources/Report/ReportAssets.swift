/// The report page's inline style sheet and script. Neither names anything outside the page.
enum ReportAssets {
    static let css = """
        :root { --ink: #1d2430; --muted: #5b6470; --line: #dde1e7; --paper: #ffffff; --ground: #f4f5f7;
          --exported: #d9e8ff; --exported-line: #3d74cc; --imported: #ffecc7; --imported-line: #c48712;
          --system: #eef0f3; --system-line: #9aa1ab; --undeclared: #ffe0e0; --error: #cf2e2e; --warning: #d98200;
          --info: #2f6fb8; --cycle: #8e3fc4; --opens: #1f8a4c; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--ground); color: var(--ink);
          font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        code, pre, .type-id, .where { font-family: ui-monospace, Menlo, "DejaVu Sans Mono", monospace; font-size: 12px; }
        header { padding: 20px 28px 14px; background: var(--paper); border-bottom: 1px solid var(--line); }
        h1 { margin: 0 0 2px; font-size: 24px; overflow-wrap: anywhere; }
        h2 { margin: 0 0 6px; font-size: 18px; }
        .meta { margin: 0 0 10px; color: var(--muted); }
        nav { display: flex; gap: 8px; flex-wrap: wrap; }
        nav a { text-decoration: none; color: var(--ink); background: var(--ground); border: 1px solid var(--line);
          border-radius: 999px; padding: 2px 12px; }
        nav a.errors b { color: var(--error); } nav a.warnings b { color: var(--warning); } nav a.infos b { color: var(--info); }
        main { padding: 16px 28px 28px; display: grid; gap: 16px; }
        section { background: var(--paper); border: 1px solid var(--line); border-radius: 10px; padding: 16px 18px; min-width: 0; }
        .lead { margin: 0 0 10px; color: var(--muted); max-width: 90ch; }
        .muted { color: var(--muted); }
        .legend { list-style: none; display: flex; flex-wrap: wrap; gap: 6px 16px; padding: 0; margin: 0 0 10px; font-size: 13px; }
        .legend li { display: flex; align-items: center; gap: 6px; }
        .swatch { width: 22px; height: 14px; border-radius: 3px; border: 1.5px solid var(--system-line); background: var(--paper); }
        .swatch.exported { background: var(--exported); border-color: var(--exported-line); }
        .swatch.imported { background: var(--imported); border-color: var(--imported-line); }
        .swatch.system { background: var(--system); }
        .swatch.undeclared { background: var(--undeclared); border: 1.5px dashed var(--error); }
        .swatch.error { border: 2.5px solid var(--error); } .swatch.warning { border: 2.5px solid var(--warning); }
        .swatch.in-cycle { border: 2.5px solid var(--cycle); } .swatch.more { border-style: dashed; }
        .toolbar { display: flex; gap: 10px; align-items: center; margin: 0 0 10px; }
        input[type=search] { font: inherit; padding: 5px 10px; width: min(420px, 100%); border: 1px solid var(--line); border-radius: 6px; }
        #search-results { margin: 0 0 10px; padding-left: 22px; max-height: 180px; overflow: auto; font-size: 13px; }
        #search-results:empty { display: none; }
        #search-results a { cursor: pointer; color: var(--exported-line); }
        .graph-scroll { overflow: auto; max-height: 78vh; border: 1px solid var(--line); border-radius: 8px; background: #fbfbfc; }
        #graph-svg { display: block; }
        .toolbar .zoom { margin-left: auto; display: inline-flex; gap: 4px; align-items: center; }
        .toolbar .zoom button { font: inherit; min-width: 28px; padding: 2px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--paper); cursor: pointer; }
        #graph-svg .node rect { fill: var(--system); stroke: var(--system-line); stroke-width: 1.2; }
        #graph-svg .node text { font: 12px ui-monospace, Menlo, "DejaVu Sans Mono", monospace; fill: var(--ink); }
        #graph-svg .node.exported rect { fill: var(--exported); stroke: var(--exported-line); }
        #graph-svg .node.imported rect { fill: var(--imported); stroke: var(--imported-line); }
        #graph-svg .node.undeclared rect { fill: var(--undeclared); stroke: var(--error); stroke-dasharray: 4 3; }
        #graph-svg .node.warning rect { stroke: var(--warning); stroke-width: 2.5; }
        #graph-svg .node.error rect { stroke: var(--error); stroke-width: 2.5; }
        #graph-svg .node.in-cycle rect { stroke: var(--cycle); stroke-width: 2.5; }
        #graph-svg .node.more rect { fill: var(--paper); stroke-dasharray: 3 3; }
        #graph-svg .node.more text { fill: var(--muted); font-style: italic; }
        #graph-svg .node.empty-identifier text { font-style: italic; }
        #graph-svg .node .badge rect { fill: var(--error); stroke: none; }
        #graph-svg .node.warning .badge rect { fill: var(--warning); }
        #graph-svg .node.in-cycle .badge rect { fill: var(--cycle); }
        #graph-svg .badge text { fill: #fff; font: bold 10px system-ui, "DejaVu Sans", sans-serif; }
        #graph-svg .edge { fill: none; stroke: #a9afb8; stroke-width: 1.2; }
        #graph-svg .edge.cycle { stroke: var(--cycle); stroke-width: 1.6; stroke-dasharray: 5 3; }
        #graph-svg .dim { opacity: 0.12; }
        #graph-svg .node.hit > rect { stroke: var(--ink); stroke-width: 3; }
        #graph-svg .node.flash > rect { fill: #fff59d; }
        .allowed { margin: 0 0 12px; font-size: 13px; }
        .allowed summary { cursor: pointer; color: var(--muted); }
        .allowed code { display: inline-block; background: var(--ground); border: 1px solid var(--line); border-radius: 4px;
          padding: 0 6px; margin: 2px 0; }
        .allowed code.noted { border-color: var(--error); background: var(--undeclared); }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(270px, 1fr)); gap: 12px; }
        .tile { content-visibility: auto; contain-intrinsic-size: auto 170px; display: grid; grid-template-columns: 52px 1fr; gap: 4px 12px; border: 1px solid var(--line);
          border-radius: 10px; padding: 12px; background: var(--paper); }
        .tile.greyed .doc-icon, .tile.greyed .file-name, .tile.greyed .type-id { opacity: 0.42; }
        .tile.nofile { background: #fafafa; border-style: dashed; }
        .tile-body { min-width: 0; }
        .file-name { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .type-id { color: var(--muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .entry { grid-column: 1 / -1; font-size: 12px; color: var(--muted); border-top: 1px solid var(--line); padding-top: 6px; }
        .doc-icon { position: relative; width: 46px; height: 58px; border: 1.5px solid #b7bcc4; border-radius: 4px 14px 4px 4px;
          background: #fff; display: flex; align-items: flex-end; justify-content: center; padding-bottom: 6px; overflow: hidden; }
        .doc-icon span { font: bold 9px system-ui, "DejaVu Sans", sans-serif; color: #fff; background: #8a929c;
          border-radius: 3px; padding: 1px 4px; max-width: 42px; overflow: hidden; }
        .doc-icon.src-extension-thumbnail { background: linear-gradient(160deg, #ffd27a, #f47c5c 55%, #7b5cf4); border-color: #7b5cf4; }
        .doc-icon.src-extension-thumbnail span { background: #5b3fd1; }
        .doc-icon.src-system-thumbnail { background: linear-gradient(180deg, #9ed6ff, #5fa8e8 60%, #3f8a4f 61%, #78c27a); border-color: #3f7fc4; }
        .doc-icon.src-system-thumbnail span { background: #245c99; }
        .doc-icon.src-system-icon { background: linear-gradient(180deg, #fff 55%, #e3ecf8); border-color: #6f8fb8; }
        .doc-icon.src-system-icon span { background: #3d74cc; }
        .doc-icon.src-custom-icon { background: linear-gradient(180deg, #fff 40%, #f1e4fb); border-color: var(--cycle); }
        .doc-icon.src-custom-icon span { background: var(--cycle); }
        .doc-icon.src-app-icon::before { content: ""; position: absolute; top: 12px; left: 11px; width: 22px; height: 22px;
          border-radius: 6px; background: linear-gradient(135deg, #5ec2ff, #3d74cc); }
        .doc-icon.src-app-icon span { background: #3d74cc; }
        .pills { display: flex; flex-wrap: wrap; gap: 4px; margin: 4px 0; }
        .pill { font-size: 11px; border-radius: 999px; padding: 0 8px; border: 1px solid var(--line); background: var(--ground); }
        .pill.state-opens { background: #dff3e6; border-color: #9bd3b0; color: var(--opens); font-weight: 600; }
        .pill.state-greyed { background: #eceef1; color: var(--muted); font-weight: 600; }
        .pill.state-undetermined { background: #fff1d6; color: #94600a; font-weight: 600; }
        .pill.state-nofile { background: #fff; color: var(--muted); }
        .why { margin: 2px 0; font-size: 12px; color: var(--ink); display: -webkit-box; -webkit-line-clamp: 3;
          -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere; }
        details summary { cursor: pointer; font-size: 12px; color: var(--muted); }
        .chain { margin: 2px 0 6px; padding-left: 4px; list-style: none; font-size: 12px; }
        .chain li.fails { color: var(--error); } .chain li.decides { font-weight: 600; }
        .chain-title { margin: 6px 0 0; font-size: 12px; font-weight: 600; }
        .rule-chips { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; }
        .chip { font: 12px ui-monospace, Menlo, "DejaVu Sans Mono", monospace; border: 1px solid var(--line); background: var(--ground);
          border-radius: 999px; padding: 2px 10px; cursor: pointer; }
        .chip.active { background: var(--ink); color: #fff; }
        #findings-table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        #findings-table th:nth-child(1) { width: 24%; } #findings-table th:nth-child(2) { width: 84px; }
        #findings-table th:nth-child(3) { width: 150px; }
        #findings-table th { text-align: left; font-size: 12px; color: var(--muted); border-bottom: 2px solid var(--line); padding: 4px 8px; }
        #findings-table td { vertical-align: top; border-bottom: 1px solid var(--line); padding: 6px 8px; }
        #findings-table td.where { color: var(--muted); overflow-wrap: anywhere; }
        .severity { font-size: 11px; font-weight: 700; border-radius: 4px; padding: 1px 6px; color: #fff; }
        .severity.error { background: var(--error); } .severity.warning { background: var(--warning); }
        .severity.info { background: var(--info); }
        .rule-name { font-size: 11px; color: var(--muted); }
        .source { margin: 4px 0 0; padding: 4px 8px; background: #f6f8fa; border-radius: 4px; overflow-x: auto; tab-size: 4; }
        .line-number { color: #9aa1ab; margin-right: 12px; user-select: none; }
        .caret { color: var(--opens); font-weight: bold; }
        .notes { margin: 4px 0 0; padding-left: 18px; font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
        .fixit { font-size: 12px; color: var(--opens); margin-top: 4px; }
        .empty { color: var(--opens); }
        .hidden { display: none !important; }
        footer { padding: 0 28px 24px; color: var(--muted); font-size: 12px; }

        """

    static let script = """
        (function () {
          "use strict";
          var data = JSON.parse(document.getElementById("report-data").textContent);
          var svg = document.getElementById("graph-svg");
          var nodes = svg ? Array.prototype.slice.call(svg.querySelectorAll("g.node")) : [];
          var edges = svg ? Array.prototype.slice.call(svg.querySelectorAll("path.edge")) : [];
          var byItem = {};
          nodes.forEach(function (node) { byItem[node.getAttribute("data-item")] = node; });
          var search = document.getElementById("type-search");
          var results = document.getElementById("search-results");
          var count = document.getElementById("search-count");

          // Zoom: the graph is drawn at its own size times `zoom` (its viewBox scales the rest);
          // at load it fits the width of its box.
          var box = svg ? svg.parentNode : null;
          var natural = svg ? { w: Number(svg.getAttribute("width")), h: Number(svg.getAttribute("height")) } : null;
          var zoomLevel = document.getElementById("graph-zoom-level");
          function setZoom(scale) {
            if (!svg || !natural.w) { return; }
            var zoom = Math.max(0.05, Math.min(4, scale));
            svg.setAttribute("width", String(Math.round(natural.w * zoom)));
            svg.setAttribute("height", String(Math.round(natural.h * zoom)));
            svg.setAttribute("data-zoom", zoom.toFixed(3));
            if (zoomLevel) { zoomLevel.textContent = Math.round(zoom * 100) + "%"; }
          }
          function currentZoom() { return svg ? Number(svg.getAttribute("data-zoom") || "1") : 1; }
          function fit() {
            var width = box ? box.clientWidth - 2 : 0;
            setZoom(width > 0 && natural && natural.w > width ? width / natural.w : 1);
          }
          [["graph-zoom-in", function () { setZoom(currentZoom() * 1.25); }],
           ["graph-zoom-out", function () { setZoom(currentZoom() / 1.25); }],
           ["graph-zoom-reset", function () { setZoom(1); }],
           ["graph-fit", fit]].forEach(function (pair) {
            var button = document.getElementById(pair[0]);
            if (button) { button.addEventListener("click", pair[1]); }
          });
          fit();

          function reveal(item) {
            var node = byItem[item];
            if (!node) { return; }
            node.scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
            node.classList.add("flash");
            window.setTimeout(function () { node.classList.remove("flash"); }, 1600);
          }

          function runSearch() {
            var query = search.value.trim().toLowerCase();
            nodes.forEach(function (node) { node.classList.remove("hit", "dim"); });
            edges.forEach(function (edge) { edge.classList.remove("dim"); });
            results.textContent = "";
            count.textContent = "";
            if (!query) { return; }
            var hits = {};
            var found = [];
            data.types.forEach(function (type) {
              if (type.id.toLowerCase().indexOf(query) < 0) { return; }
              found.push(type);
              var item = type.item >= 0 ? type.item : (type.fold >= 0 ? data.folds[type.fold].item : -1);
              if (item >= 0) { hits[item] = true; }
            });
            nodes.forEach(function (node) {
              node.classList.add(hits[node.getAttribute("data-item")] ? "hit" : "dim");
            });
            edges.forEach(function (edge) {
              if (!hits[edge.getAttribute("data-from")] && !hits[edge.getAttribute("data-to")]) { edge.classList.add("dim"); }
            });
            count.textContent = found.length + (found.length === 1 ? " type" : " types");
            found.slice(0, 60).forEach(function (type) {
              var entry = document.createElement("li");
              var link = document.createElement("a");
              link.textContent = type.id;
              var item = type.item >= 0 ? type.item : (type.fold >= 0 ? data.folds[type.fold].item : -1);
              link.addEventListener("click", function () { reveal(item); });
              entry.appendChild(link);
              var fold = type.fold >= 0 ? data.folds[type.fold] : null;
              var where = type.item >= 0 || !fold ? "" : (fold.anchor ? ", folded under " + fold.anchor : ", folded (no supertype)");
              entry.appendChild(document.createTextNode(" — " + type.origin + (type.problem ? ", " + type.problem : "") + where));
              results.appendChild(entry);
            });
            if (found.length > 60) {
              var more = document.createElement("li");
              more.textContent = "… and " + (found.length - 60) + " more";
              results.appendChild(more);
            }
          }
          if (search) { search.addEventListener("input", runSearch); }

          function filterRows(input) {
            var target = document.getElementById(input.getAttribute("data-filter"));
            if (!target) { return; }
            var query = input.value.trim().toLowerCase();
            var rows = target.querySelectorAll(target.tagName === "TABLE" ? "tbody tr" : ".tile");
            Array.prototype.forEach.call(rows, function (row) {
              var rule = row.getAttribute("data-rule");
              var shown = !query || row.textContent.toLowerCase().indexOf(query) >= 0 || (rule && rule.toLowerCase() === query);
              row.classList.toggle("hidden", !shown);
            });
          }
          Array.prototype.forEach.call(document.querySelectorAll("input[data-filter]"), function (input) {
            input.addEventListener("input", function () { filterRows(input); });
          });

          var findingsFilter = document.getElementById("findings-filter");
          Array.prototype.forEach.call(document.querySelectorAll(".chip[data-rule]"), function (chip) {
            chip.addEventListener("click", function () {
              var active = chip.classList.contains("active");
              Array.prototype.forEach.call(document.querySelectorAll(".chip.active"), function (other) {
                other.classList.remove("active");
              });
              if (!active) { chip.classList.add("active"); }
              findingsFilter.value = active ? "" : chip.getAttribute("data-rule");
              filterRows(findingsFilter);
            });
          });

          document.documentElement.setAttribute("data-ready", "yes");
        })();

        """
}
