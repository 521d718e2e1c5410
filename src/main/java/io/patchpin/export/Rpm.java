package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fedora/RPM: the patches and {@code patches.spec.inc} with one
 * {@code PatchNNNN:} line each, the why as comments above it, for a spec that
 * applies them with {@code %autosetup -p1} (zero fuzz). rpm expands macros
 * even in comments, so '%' is doubled there.
 */
final class Rpm implements Layout {
    @Override
    public Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder inc = new StringBuilder("# " + t.origin().replace("%", "%%") + "\n");
        for (Piece p : t.pieces()) {
            out.put(p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff()));
            inc.append('\n');
            comment(inc, p.meta().summary());
            p.meta().details().forEach(l -> comment(inc, l));
            p.meta().status().ifPresent(s -> comment(inc, "upstream: " + s.word()
                    + p.meta().url().map(u -> " " + u).orElse("") + p.meta().commit().map(c -> " " + c).orElse("")));
            inc.append(String.format(java.util.Locale.ROOT, "Patch%04d: %s\n", p.number(), p.fileName()));
        }
        out.put("patches.spec.inc", inc.toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }

    private static void comment(StringBuilder b, String line) {
        String text = Dep3.oneLine(line).replace("%", "%%");
        b.append(text.isEmpty() ? "#" : "# " + text).append('\n');
    }
}
