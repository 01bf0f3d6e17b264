// A test contestant in Java that plays in a thread with a 64 MiB stack, the usual way to get
// deep recursion in Java. It plays the Trapper on the board "3 6 / 1 2 3 7 8 9" (the middle
// row open): ask nothing and block 5, then ask nothing and block 4; whatever the Runner says,
// it is trapped in round 2.
import java.io.BufferedReader;
import java.io.InputStreamReader;

public class ThreadedTrapper {
  static int depth(int n) {
    return n == 0 ? 0 : 1 + depth(n - 1);
  }

  static void play() throws Exception {
    depth(100000);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    System.out.println("Trapper");
    System.out.flush();
    in.readLine();
    in.readLine();
    for (int block : new int[] {5, 4}) {
      System.out.println(0);
      System.out.flush();
      in.readLine();
      System.out.println(block);
      System.out.flush();
      if ("Trapped".equals(in.readLine())) return;
    }
  }

  public static void main(String[] args) throws Exception {
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
