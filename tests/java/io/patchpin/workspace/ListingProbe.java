package io.patchpin.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Run by {@link NativeListingTest} in a JVM of Java 22 or later: prints whether the native listing is in use,
 * then what {@link #describe} and the status of the checkout give there.
 */
public final class ListingProbe {
    private ListingProbe() {
    }

    public static void main(String[] args) throws IOException {
        Path work = Path.of(args[0]);
        WorkTreeStatus.prepare(work); // as the start-up thread does
        System.out.println("native=" + FolderListing.nativeFor(1)); // what the status below uses
        System.out.print(String.join("", describe(work, true)));
        System.out.println("changed=" + WorkTreeStatus.of(work).changed());
        System.out.println("missing folder: " + failure(() -> NativeListing.open(work.resolve("no-such-folder")).close()));
        System.out.println("entry gone before its lstat: " + failure(() -> {
            Path gone = Files.createDirectories(work.resolveSibling("gone")).resolve("file");
            Files.writeString(gone, "x");
            try (FolderListing l = NativeListing.open(gone.getParent())) {
                l.next();
                Files.delete(gone);
                l.lstat();
            }
        }));
    }

    /** What {@code step} throws, by class, or "none". */
    private static String failure(IoStep step) {
        try {
            step.run();
            return "none";
        } catch (IOException e) {
            return e.getClass().getSimpleName();
        }
    }

    private interface IoStep {
        void run() throws IOException;
    }

    /** Each folder of the tree (".git" left out), its entries sorted, one line each with what the walk reads of them. */
    static List<String> describe(Path dir, boolean nativeListing) throws IOException {
        List<String> lines = new ArrayList<>();
        List<String> entries = new ArrayList<>();
        List<Path> folders = new ArrayList<>();
        try (FolderListing l = nativeListing ? NativeListing.open(dir) : new NioListing(dir)) {
            while (l.next()) {
                String name = new String(l.name(), StandardCharsets.UTF_8);
                if (name.equals(".git")) {
                    continue;
                }
                Lstat s = l.lstat();
                boolean folder = l.isFolder();
                // a folder's size and time depend on the file system, not on the listing
                entries.add(name + " " + l.path().getFileName() + " " + s.kind() + " " + folder + " " + s.executable()
                        + (folder ? "" : " " + s.size() + " " + s.mtimeNanos()) + "\n");
                if (folder) {
                    folders.add(l.path());
                }
            }
        }
        entries.sort(null);
        lines.add(dir + ":\n");
        lines.addAll(entries);
        folders.sort(null);
        for (Path f : folders) {
            lines.addAll(describe(f, nativeListing));
        }
        return lines;
    }
}
