package io.patchpin.export;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Gentoo: {@code files/NNNN-id.patch} with {@code patches.eclass.inc} holding the ebuild's
 * {@code PATCHES=( "${FILESDIR}"/... )}; or, for a user's own patches, the
 * {@code /etc/portage/patches/<category>/<PN>/} layout that {@code eapply_user} applies in name order.
 */
final class Gentoo {
    static final ListedPatches EBUILD = new ListedPatches(
            "patches.eclass.inc",
            "files/",
            "PATCHES=(\n",
            (inc, t, p, patch) -> inc.append(
                    "\t# " + Dep3.oneLine(p.meta().summary()) + "\n\t\"${FILESDIR}\"/" + p.fileName() + "\n"),
            ")\n",
            Dep3::header,
            UnaryOperator.identity());

    private Gentoo() {}

    /** The /etc/portage/patches layout for CATEGORY/PN {@code userPackage}. */
    static Layout user(String userPackage) {
        return t -> {
            Map<String, byte[]> out = new TreeMap<>();
            t.pieces()
                    .forEach(p ->
                            out.put(userPackage + "/" + p.fileName(), Layout.concat(Dep3.header(p.meta()), p.diff())));
            return out;
        };
    }

    /** Whether {@code s} is CATEGORY/PN as the package manager specification names them. */
    static boolean validPackage(String s) {
        return s.matches("[A-Za-z0-9_+][A-Za-z0-9_+.-]*/[A-Za-z0-9_+][A-Za-z0-9_+-]*") && !s.contains("..");
    }
}
