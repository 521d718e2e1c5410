package io.patchpin.cli;

import io.patchpin.workspace.WorkTreeStatus;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Class initialisations a verb is certain to pay, run on a second core while
 * picocli builds its model on the main thread. On JDK 21 and newer,
 * {@code BigDecimal}'s static initialiser computes 5^65536 (tens of
 * milliseconds in a cold JVM, and no start-up cache keeps its result); every
 * TOML read needs the class, as the TOML parser's base class holds
 * {@code BigDecimal} constants. The security providers behind the sha256 of
 * seals and JGit's object ids come first, as JGit's first classes need them.
 * Last, for a verb that walks a checkout, what that walk will set up (see
 * {@link WorkTreeStatus#prepare}).
 *
 * <p>Only classes whose initialisers need nothing else of patchpin or its
 * libraries (the JDK's, and the native folder listing's, which reaches only
 * the JDK): the main thread that reaches one of them first simply waits for
 * its initialisation to finish, and nothing it computes is shared. A failure
 * here is ignored; the main thread meets it again where it would have.
 */
final class Preload extends Thread {
    /** The checkout a verb that walks one (audit, capture) names, else null. */
    private final Path walked;

    private Preload(Path walked) {
        super("patchpin-preload");
        setDaemon(true);
        this.walked = walked;
    }

    /**
     * For a run of one verb (not its help, nor completion, which reads no TOML):
     * starts the preload, which ends on its own. Returns whether it started.
     */
    static boolean startFor(Invoked invoked, String... args) {
        if (invoked.mode() != Invoked.Mode.ONE || invoked.verb().equals("completion")) {
            return false;
        }
        for (String a : args) {
            if (a.equals("--help") || a.equals("-h")) {
                return false;
            }
        }
        new Preload(walked(invoked.verb(), args)).start();
        return true;
    }

    /** For audit and capture, the folder after {@code --repo} (the current one without it); else null. */
    static Path walked(String verb, String... args) {
        if (!verb.equals("audit") && !verb.equals("capture")) {
            return null;
        }
        String repo = "";
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--repo") && i + 1 < args.length) {
                repo = args[i + 1];
            } else if (args[i].startsWith("--repo=")) {
                repo = args[i].substring("--repo=".length());
            }
        }
        try {
            return Path.of(repo);
        } catch (InvalidPathException e) {
            return null; // picocli and the command say what is wrong with it
        }
    }

    @Override
    public void run() {
        try {
            // digests first: JGit's first classes need SHA-1 within milliseconds, TOML comes later
            MessageDigest.getInstance("SHA-256");
            MessageDigest.getInstance("SHA-1");
            Class.forName("java.math.BigDecimal");
        } catch (ClassNotFoundException | NoSuchAlgorithmException | LinkageError e) {
            // the main thread meets the same failure where it needs the class
        }
        if (walked != null) {
            WorkTreeStatus.prepare(walked);
        }
    }
}
