/* Swift-callable access to BlueZ's libbluetooth (HCI and L2CAP sockets). BDADDR_ANY is a compound
 * literal, so it gets a function; sockaddr_l2, bt_security and the HCI filter are set up here because
 * their fields and helpers are macros or byte-order conversions Swift cannot call directly. */
#ifndef CBLUEZ_SHIM_H
#define CBLUEZ_SHIM_H
#include <string.h>
#include <sys/socket.h>
#include <bluetooth/bluetooth.h>
#include <bluetooth/hci.h>
#include <bluetooth/hci_lib.h>
#include <bluetooth/l2cap.h>

static inline bdaddr_t cbluez_bdaddr_any(void) { bdaddr_t a = {{0, 0, 0, 0, 0, 0}}; return a; }

/* The LE address types of sockaddr_l2.l2_bdaddr_type. */
static inline uint8_t cbluez_bdaddr_le_public(void) { return BDADDR_LE_PUBLIC; }
static inline uint8_t cbluez_bdaddr_le_random(void) { return BDADDR_LE_RANDOM; }

/* A close-on-exec L2CAP SOCK_SEQPACKET socket (-1 and errno on failure). */
static inline int cbluez_l2cap_socket(void) {
    return socket(AF_BLUETOOTH, SOCK_SEQPACKET | SOCK_CLOEXEC, BTPROTO_L2CAP);
}

/* Binds to any adapter on the ATT fixed channel (CID 4) with an LE public own address. */
static inline int cbluez_l2cap_bind_att_any(int fd) {
    struct sockaddr_l2 a;
    memset(&a, 0, sizeof a);
    a.l2_family = AF_BLUETOOTH;
    a.l2_cid = htobs(4);
    a.l2_bdaddr_type = BDADDR_LE_PUBLIC;
    return bind(fd, (struct sockaddr *)&a, sizeof a);
}

/* Sets BT_SECURITY to `level` (BT_SECURITY_LOW = 1: no pairing). */
static inline int cbluez_l2cap_set_security(int fd, uint8_t level) {
    struct bt_security s;
    memset(&s, 0, sizeof s);
    s.level = level;
    return setsockopt(fd, SOL_BLUETOOTH, BT_SECURITY, &s, sizeof s);
}

/* Connects to the ATT channel (CID 4) of `address` (6 bytes, least significant first, as in bdaddr_t)
 * with LE address type `type`. */
static inline int cbluez_l2cap_connect_att(int fd, const uint8_t *address, uint8_t type) {
    struct sockaddr_l2 a;
    memset(&a, 0, sizeof a);
    a.l2_family = AF_BLUETOOTH;
    memcpy(a.l2_bdaddr.b, address, 6);
    a.l2_cid = htobs(4);
    a.l2_bdaddr_type = type;
    return connect(fd, (struct sockaddr *)&a, sizeof a);
}

/* The first available adapter's id (-1 and errno if none). */
static inline int cbluez_hci_default_route(void) { return hci_get_route(NULL); }

/* Lets only HCI LE meta events through the HCI socket `dd`. */
static inline int cbluez_hci_filter_le_meta(int dd) {
    struct hci_filter f;
    hci_filter_clear(&f);
    hci_filter_set_ptype(HCI_EVENT_PKT, &f);
    hci_filter_set_event(EVT_LE_META_EVENT, &f);
    return setsockopt(dd, SOL_HCI, HCI_FILTER, &f, sizeof f);
}

/* Active LE scanning, 10 ms interval and window, public own address, no whitelist. */
static inline int cbluez_hci_le_scan_parameters(int dd) {
    return hci_le_set_scan_parameters(dd, 0x01, htobs(0x0010), htobs(0x0010), 0x00, 0x00, 1000);
}
#endif
