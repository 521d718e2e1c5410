package io.patchpin.sed;

import java.util.ArrayList;
import java.util.List;

/** The options, scripts and files of one sed command line. */
record SedArgs(
        boolean inPlace, boolean wholeFile, boolean ere, List<String> scripts, List<String> files, String problem) {

    static SedArgs parse(List<ShellLine.Word> words) {
        boolean inPlace = false;
        boolean z = false;
        boolean ere = false;
        String problem = null;
        List<String> scripts = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        boolean explicitScript = false;
        for (int i = 1; i < words.size(); i++) {
            ShellLine.Word w = words.get(i);
            String t = w.text();
            if (t.equals("-e") || t.equals("--expression")) {
                if (i + 1 < words.size()) {
                    ShellLine.Word s = words.get(++i);
                    problem =
                            s.expands() && problem == null ? "script computed by the shell ($(...) or $VAR)" : problem;
                    scripts.add(s.text());
                    explicitScript = true;
                }
            } else if (t.startsWith("--in-place")) {
                inPlace = true;
            } else if (t.equals("--null-data")) {
                z = true;
            } else if (t.equals("--regexp-extended")) {
                ere = true;
            } else if (t.startsWith("-") && t.length() > 1 && !t.startsWith("--")) {
                for (int k = 1; k < t.length(); k++) {
                    char c = t.charAt(k);
                    if (c == 'i') {
                        inPlace = true;
                        break; // anything after -i is a backup suffix
                    } else if (c == 'z') {
                        z = true;
                    } else if (c == 'E' || c == 'r') {
                        ere = true;
                    } else if (problem == null) {
                        problem = "sed option -" + c;
                    }
                }
            } else {
                if (w.expands() && problem == null) {
                    problem = rest.isEmpty() && !explicitScript
                            ? "script computed by the shell ($(...) or $VAR)"
                            : "file name needs the shell ($VAR or $(...))";
                }
                rest.add(t);
            }
        }
        if (!explicitScript && !rest.isEmpty()) {
            scripts.add(rest.remove(0));
        }
        if (problem == null && (scripts.isEmpty() || rest.isEmpty())) {
            problem = "no script or no file";
        }
        return new SedArgs(inPlace, z, ere, scripts, rest, problem);
    }

    boolean looksLikeInsert() {
        return scripts.stream().anyMatch(s -> s.matches("(?s).*\\)?\"?\\s*[ia]\\s*\\\\.*|(?s)^[0-9$].*[ia] .*"));
    }
}
