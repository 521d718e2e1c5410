package io.patchpin.export;

import java.util.ArrayList;
import java.util.List;

/** Reads a default.nix's postPatch as the Nix stdenv would run it, with a small stand-in for substituteInPlace. */
final class NixFragment {
    /**
     * substituteInPlace FILE --replace-fail FIND REPLACE...: every non-overlapping match left to right,
     * failing when FIND is not there (nixpkgs' semantics, in plain bash).
     */
    static final String SUBSTITUTE_IN_PLACE =
            """
            substituteInPlace() {
              local file="$1"; shift
              local content
              content="$(cat -- "$file"; printf x)"; content="${content%x}"
              while [ "$#" -gt 0 ]; do
                case "$1" in
                  --replace-fail)
                    local find="$2" replace="$3"; shift 3
                    if [[ "$content" != *"$find"* ]]; then
                      echo "substituteInPlace: pattern '$find' doesn't match anything in file '$file'" >&2
                      return 1
                    fi
                    content="${content//"$find"/"$replace"}";;
                  *) echo "substituteInPlace: unsupported argument $1" >&2; return 2;;
                esac
              done
              printf '%s' "$content" > "$file"
            }
            """;

    private NixFragment() {}

    /** The postPatch indented string's value: common indentation stripped, Nix's '' escapes undone. */
    static String postPatch(String nix) {
        int start = nix.indexOf("postPatch = ''\n");
        if (start < 0) {
            return "";
        }
        start += "postPatch = ''\n".length();
        int end = start;
        while (true) {
            end = nix.indexOf("''", end);
            if (nix.startsWith("''$", end) || nix.startsWith("'''", end)) {
                end += 3;
                continue;
            }
            break;
        }
        List<String> lines = new ArrayList<>(nix.substring(start, end).lines().toList());
        int indent = lines.stream()
                .filter(l -> !l.isBlank())
                .mapToInt(l -> l.length() - l.stripLeading().length())
                .min()
                .orElse(0);
        StringBuilder b = new StringBuilder();
        for (String l : lines) {
            b.append(l.isBlank() ? "" : l.substring(indent)).append('\n');
        }
        return b.toString().replace("''${", "${").replace("'''", "''");
    }
}
