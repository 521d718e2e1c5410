package io.patchpin.export;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Gentoo: {@code files/NNNN-id.patch} with {@code patches.eclass.inc} holding
 * the ebuild's {@code PATCHES=( "${FILESDIR}"/... )}; or, for a user's own
 * patches, the {@code /etc/portage/patches/<category>/<PN>/} layout that
 * {@code eapply_user} applies in name order.
 */
final class Gentoo implements Layout {
    private final Optional<String> userPackage;

    /** @param userPackage CATEGORY/PN for the /etc/portage/patches layout, or empty for an ebuild's files */
    Gentoo(Optional<String> userPackage) {
        this.userPackage = userPackage;
    }

    @Override
    public Map<String, byte[]> files(Tree t) {
        Map<String, byte[]> out = new TreeMap<>();
        if (userPackage.isPresent()) {
            t.pieces().forEach(p -> out.put(userPackage.get() + "/" + p.fileName(),
                    Layout.concat(Dep3.header(p.meta()), p.diff())));
            return out;
        }
        StringBuilder inc = new StringBuilder("# " + t.origin() + "\nPATCHES=(\n");
        for (Piece p : t.pieces()) {
            out.put("files/" + p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff()));
            inc.append("\t# ").append(Dep3.oneLine(p.meta().summary())).append('\n');
            inc.append("\t\"${FILESDIR}\"/").append(p.fileName()).append('\n');
        }
        out.put("patches.eclass.inc", inc.append(")\n").toString().getBytes(StandardCharsets.UTF_8));
        return out;
    }

    /** Whether {@code s} is CATEGORY/PN as the package manager specification names them. */
    static boolean validPackage(String s) {
        return s.matches("[A-Za-z0-9_+][A-Za-z0-9_+.-]*/[A-Za-z0-9_+][A-Za-z0-9_+-]*") && !s.contains("..");
    }
}
