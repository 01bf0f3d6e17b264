// A test contestant in Java that plays in a thread with a 64 MiB stack, the usual way to get
// deep recursion in Java. It plays the tests' own game (tests/support/echo_problem.hpp): the
// judge says "ping N" (or "ping N bye"), it answers "pong N" (and takes the judge's "bye").
// With arguments MIB SECONDS, the thread first fills an array of MIB MiB and burns CPU until
// the process has used SECONDS of it (by the JVM's own count), so that the judge's figures can
// be checked against known amounts; further arguments are ignored.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

public class ThreadedEcho {
  static int depth(int n) {
    return n == 0 ? 0 : 1 + depth(n - 1);
  }

  static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  static byte[] burn(int mib, double seconds) {
    byte[] block = new byte[mib << 20];
    Arrays.fill(block, (byte) 1);  // written, so resident
    while (processCpuNanos() < (long) (seconds * 1e9)) {
    }
    return block;
  }

  static int mib = 0;
  static double seconds = 0;

  static void play() throws Exception {
    depth(100000);
    byte[] kept = burn(mib, seconds);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    String[] words = in.readLine().trim().split("\\s+");  // ping N [bye]
    System.out.println("pong " + words[1]);
    System.out.flush();
    if (words.length == 3 && words[2].equals("bye")) in.readLine();
    if (kept.length > 0 && kept[kept.length - 1] != 1) throw new IllegalStateException();
  }

  public static void main(String[] args) throws Exception {
    if (args.length >= 2) {
      mib = Integer.parseInt(args[0]);
      seconds = Double.parseDouble(args[1]);
    }
    Thread thread = new Thread(null, () -> {
      try {
        play();
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    }, "play", 1L << 26);
    thread.start();
    thread.join();
  }
}
