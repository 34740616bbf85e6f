headers = {"content_type": "application_json", "accept": "a list of formats"}


def main():
    print("processing the queue now")


if __name__ == "__main__":
    main()
