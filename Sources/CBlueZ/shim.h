/* Swift-callable access to BlueZ's libbluetooth (HCI and L2CAP sockets). BDADDR_ANY is a compound
 * literal, so it gets a function. */
#ifndef CBLUEZ_SHIM_H
#define CBLUEZ_SHIM_H
#include <sys/socket.h>
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>
#include <bluetooth/l2cap.h>

static inline bdaddr_t cbluez_bdaddr_any(void) { bdaddr_t a = {{0, 0, 0, 0, 0, 0}}; return a; }
#endif
