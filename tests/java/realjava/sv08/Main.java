// expect: FALSE (withdrawing more than the balance)
package sv08;

import org.sosy_lab.sv_benchmarks.Verifier;

public class Main {
    static class Account {
        private int balance;

        Account(int initial) {
            balance = initial;
        }

        void withdraw(int amount) {
            if (amount <= 0) {
                return;
            }
            if (amount > 100) {
                amount = 100;
            }
            balance -= amount;
        }

        int balance() {
            return balance;
        }
    }

    public static void main(String[] args) {
        Account acc = new Account(150);
        acc.withdraw(Verifier.nondetInt());
        acc.withdraw(Verifier.nondetInt());
        assert acc.balance() >= 0 : "negative balance";
    }
}
