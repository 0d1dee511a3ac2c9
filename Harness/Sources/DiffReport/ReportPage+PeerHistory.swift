import DiffResults
import Foundation

extension ReportPage {
  /// Section 7: each peer's releases (`make peers-history`), oldest first:
  /// what the referee found on each, and its time over the floor, one line
  /// a peer.
  var peerHistorySection: String {
    var s = "<section id=\"releases\"><h2>7. Peers across their releases</h2>\n"
    guard !peerReleases.isEmpty else {
      return s + "<p>No peer's releases here: <code>make peers-history PEER=…</code> writes <code>results/peers-history-PEER.csv</code>.</p>\n</section>\n"
    }
    s += "<p class=\"note\">Each release built at its tag and refereed (<code>make peers-history</code>): the corpus verified "
    s += "and fuzz run under both <code>--uikit</code> targets, and <code>bench --quick</code>. A peer's releases are its own, "
    s += "oldest left, numbered from 1; the tooltip and the table name each. A release that did not build with today's "
    s += "toolchain has no point; the table says why.</p>\n"
    let peers = unique(peerReleases.map(\.peer))
    let colors = Palette(strategies: peers, own: [])
    s += "<p class=\"legend\">" + peers.map { "<span><i style=\"background:\(colors.color($0))\"></i>\(Markup.escape($0))</span>" }.joined() + "</p>\n"
    // A release once, whatever its targets: findings summed over them.
    struct Release { var name: String; var rows: [PeerRelease] }
    func releases(of peer: String) -> [Release] {
      var out: [Release] = []
      for row in peerReleases where row.peer == peer {
        if let k = out.firstIndex(where: { $0.name == row.release }) { out[k].rows.append(row) } else { out.append(Release(name: row.release, rows: [row])) }
      }
      return out
    }
    var found: [LineChart.Series] = [], speed: [LineChart.Series] = []
    var table = [["peer", "release", "built", "uikit", "crash", "wrong screen", "cost", "× floor", "first finding"]]
    var speedTable = [["peer", "release", "× floor"]]
    var longest = 0
    for peer in peers {
      let list = releases(of: peer)
      longest = max(longest, list.count)
      var harmful: [LineChart.Point] = [], times: [LineChart.Point] = []
      for (k, release) in list.enumerated() {
        let x = Double(k + 1)
        let built = release.rows.filter(\.built)
        let counts = built.compactMap(\.harmful)
        if !counts.isEmpty {
          let total = counts.reduce(0, +)
          let by = built.map { "\($0.uikit): \($0.crash ?? 0) crash, \($0.wrongScreen ?? 0) wrong screen" }.joined(separator: "; ")
          harmful.append(LineChart.Point(
            x: x, y: Double(total), title: "\(peer) \(release.name): \(total) (\(by))",
            data: [("peer", peer), ("release", release.name), ("value", String(total))]))
        }
        if let ratio = built.compactMap(\.timesFloor).first {
          speedTable.append([peer, release.name, Markup.trim(ratio)])
          times.append(LineChart.Point(
            x: x, y: ratio, title: "\(peer) \(release.name): ×\(Markup.trim(ratio)) the floor",
            data: [("peer", peer), ("release", release.name), ("value", Markup.data(ratio))]))
        }
        for row in release.rows {
          table.append([
            peer, release.name, row.built ? "yes" : "no", row.uikit, row.crash.map(String.init) ?? "-", row.wrongScreen.map(String.init) ?? "-",
            row.cost.map(String.init) ?? "-", row.timesFloor.map { Markup.trim($0) } ?? "-",
            row.built ? (row.firstKind.isEmpty ? "none" : "\(row.firstKind) (\(row.firstFinding))") : row.note,
          ])
        }
      }
      // A release with no point breaks the line: nothing is drawn across it.
      func lines(_ points: [LineChart.Point]) -> [LineChart.Series] {
        var out: [LineChart.Series] = []
        for p in points {
          if let last = out.last?.points.last, p.x == last.x + 1 { out[out.count - 1].points.append(p) } else {
            out.append(LineChart.Series(name: peer, color: colors.color(peer), points: [p]))
          }
        }
        return out
      }
      found += lines(harmful)
      speed += lines(times)
    }
    let ticks = (1...max(longest, 1)).map { (value: Double($0), label: String($0)) }
    let findings = LineChart(
      title: "Crashes and wrong screens found", xLabel: "release, oldest first", yLabel: "findings (corpus and fuzz, both targets)",
      xKind: .linear, yKind: .logPlusOne, xTicks: ticks, series: found, width: 640, height: 320, showsLegend: false)
    let times = LineChart(
      title: "Time over the floor", xLabel: "release, oldest first", yLabel: "× floor (bench --quick)",
      xKind: .linear, yKind: .log, xTicks: ticks, series: speed, width: 640, height: 320, showsLegend: false)
    s += "<div class=\"grid\">\n" + ReportPage.card(findings.svg(), table: table) + ReportPage.card(times.svg(), table: speedTable) + "</div>\n"
    return s + "</section>\n"
  }
}

extension ReportRun {
  /// Reads the peers' release tables among report paths: the files named
  /// `peers-history-PEER.csv`, given or in a given folder, in name order.
  package static func loadPeerReleases(_ paths: [String]) throws(ReportInputError) -> [PeerRelease] {
    var files: [String] = []
    for (path, folder) in try entries(paths) {
      if let folder {
        files += folder.filter(PeerHistoryFile.isHistory).sorted().map { (path as NSString).appendingPathComponent($0) }
      } else if PeerHistoryFile.isHistory(path) {
        files.append(path)
      }
    }
    var rows: [PeerRelease] = []
    for file in files {
      do {
        rows += try PeerHistoryFile.read(contentsOf: file)
      } catch {
        throw ReportInputError(description: error.description)
      }
    }
    return rows
  }
}
