package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * Debian's {@code debian/patches}: DEP-3 headed patches and a {@code series}
 * that quilt and dpkg-source apply with -p1, in order. No {@code Last-Update}:
 * the bytes depend on the entries only.
 */
final class Debian implements Layout {
    @Override
    public Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        StringBuilder series = new StringBuilder("# " + t.origin() + "\n");
        for (Piece p : t.pieces()) {
            out.put(p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff()));
            series.append(p.fileName()).append('\n');
        }
        out.put("series", series.toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }
}
